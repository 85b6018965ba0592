import { EXTENSION_DESCRIPTION, PRODUCT_NAME } from '../src/config';
import type { ExtensionBuildConfig } from './build/extensionBuildConfig';
import { EXTENSION_PUBLIC_KEY } from './extensionKey';

/**
 * The pages each platform's content script runs on (content/entries/<name>.ts, built to content/<name>.js).
 * An entry not named here (the generic one) is not declared: the worker injects it into the active tab when
 * the popup or the context menu saves from a page whose structure is unknown.
 */
export const CONTENT_SCRIPT_MATCHES: Readonly<Record<string, readonly string[]>> = {
  x: ['https://x.com/*', 'https://twitter.com/*'],
  linkedin: ['https://www.linkedin.com/*'],
  reddit: ['https://www.reddit.com/*', 'https://old.reddit.com/*'],
  instagram: ['https://www.instagram.com/*'],
  pinterest: ['https://www.pinterest.com/*'],
};

/** Where the platforms serve a post's images: the worker downloads them to upload them as media. */
export const IMAGE_CDN_MATCHES: readonly string[] = [
  'https://pbs.twimg.com/*',
  'https://media.licdn.com/*',
  'https://i.redd.it/*',
  'https://preview.redd.it/*',
  'https://external-preview.redd.it/*',
  'https://*.cdninstagram.com/*',
  'https://*.fbcdn.net/*',
  'https://i.pinimg.com/*',
];

/** Development builds talk to a web app and API on this machine, at any port (match patterns ignore ports). */
export const DEVELOPMENT_MATCHES: readonly string[] = ['http://localhost/*', 'http://127.0.0.1/*'];

/**
 * storage: the session and settings; contextMenus: "Save to Postkeeper" on any page; activeTab: the popup and
 * the context menu read the tab the user is on, only when asked; scripting: to run the generic reader in that
 * tab (activeTab grants the access, scripting the call).
 */
export const PERMISSIONS = ['storage', 'contextMenus', 'activeTab', 'scripting'] as const;

/** The whole page CSP: scripts only from the extension itself, no eval, no remote code. */
export const EXTENSION_PAGES_CSP = "script-src 'self'; object-src 'self'";

/** A match pattern for everything on an origin (ports are not part of match patterns). */
export const originMatch = (origin: string) => {
  const url = new URL(origin);
  return `${url.protocol}//${url.hostname}/*`;
};

const unique = (patterns: readonly string[]) => [...new Set(patterns)];

export interface ManifestOptions {
  /** The names of the content entries the build wrote (content/<name>.js). */
  contentScripts: readonly string[];
  /** The store signs with its own key: its zip leaves the key out. */
  withKey: boolean;
}

/** manifest.json for one build. */
export function buildManifest(
  config: ExtensionBuildConfig,
  options: ManifestOptions,
): chrome.runtime.ManifestV3 {
  const development = config.mode === 'development' ? DEVELOPMENT_MATCHES : [];
  const webMatches = unique([...config.webOrigins.map(originMatch), ...development]);
  const platforms = Object.keys(CONTENT_SCRIPT_MATCHES).filter((name) =>
    options.contentScripts.includes(name),
  );
  return {
    manifest_version: 3,
    name: PRODUCT_NAME,
    version: config.version,
    description: EXTENSION_DESCRIPTION,
    ...(options.withKey ? { key: EXTENSION_PUBLIC_KEY } : {}),
    icons: {
      16: 'icons/icon16.png',
      32: 'icons/icon32.png',
      48: 'icons/icon48.png',
      128: 'icons/icon128.png',
    },
    action: {
      default_title: `Save to ${PRODUCT_NAME}`,
      default_popup: 'popup.html',
      default_icon: { 16: 'icons/icon16.png', 32: 'icons/icon32.png' },
    },
    background: { service_worker: 'background.js', type: 'module' },
    permissions: [...PERMISSIONS],
    // The five platforms (whether or not this build has their content script), their image CDNs (the worker
    // fetches a post's images to upload them) and the API: nothing else.
    host_permissions: unique([
      ...Object.values(CONTENT_SCRIPT_MATCHES).flat(),
      ...IMAGE_CDN_MATCHES,
      originMatch(config.apiUrl),
      ...development,
    ]),
    content_scripts: platforms.map((name) => ({
      matches: [...CONTENT_SCRIPT_MATCHES[name]],
      js: [`content/${name}.js`],
      run_at: 'document_idle',
    })),
    externally_connectable: { matches: webMatches },
    content_security_policy: { extension_pages: EXTENSION_PAGES_CSP },
    minimum_chrome_version: '116',
  };
}
