import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What one build of the extension is made for. Read from the environment, like the server's settings. */
export interface ExtensionBuildConfig {
  /** The manifest's version: the package's. */
  version: string;
  /** production: only the configured origins; development also http://localhost and http://127.0.0.1. */
  mode: 'development' | 'production';
  /** The web app's origin: Sign in, Upgrade, the popup's small print. */
  webUrl: string;
  /** Every origin that may hand over a session (webUrl first), exact. */
  webOrigins: string[];
  /** The API base, absolute, without a trailing slash. */
  apiUrl: string;
  /** Where the unpacked extension is written. */
  outDir: string;
}

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** A blank variable counts as unset, as in the server's configuration. */
const setting = (env: Record<string, string | undefined>, name: string) => env[name]?.trim() || undefined;

function origin(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`Invalid extension build configuration: ${name} must be a URL (got ${value})`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`Invalid extension build configuration: ${name} must be an http or https URL`);
  return url.origin;
}

/**
 * The build's configuration. WEB_URL, API_URL and PORT mean what they mean to the server (src-server/config.ts),
 * so one environment builds the extension for the server it runs: by default the web app of `npm start`,
 * http://localhost:3000, with its API under /api. EXTENSION_WEB_ORIGINS adds origins that may hand over a
 * session (comma-separated), EXTENSION_MODE picks development or production (default: production when
 * NODE_ENV=production), EXTENSION_DIR the output folder (default dist/extension).
 */
export function readExtensionBuildConfig(
  env: Record<string, string | undefined> = process.env,
): ExtensionBuildConfig {
  const pkg = JSON.parse(readFileSync(`${repoRoot}package.json`, 'utf8')) as { version: string };
  const webUrl = origin(
    'WEB_URL',
    setting(env, 'WEB_URL') ?? `http://localhost:${setting(env, 'PORT') ?? 3000}`,
  );
  const apiSetting = setting(env, 'API_URL') ?? `${webUrl}/api`;
  origin('API_URL', apiSetting);
  const apiUrl = new URL(apiSetting).href.replace(/\/$/, '');
  const extra = (setting(env, 'EXTENSION_WEB_ORIGINS') ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean)
    .map((o) => origin('EXTENSION_WEB_ORIGINS', o));
  const modeSetting = setting(env, 'EXTENSION_MODE');
  if (modeSetting && modeSetting !== 'development' && modeSetting !== 'production')
    throw new Error(
      'Invalid extension build configuration: EXTENSION_MODE must be development or production',
    );
  const mode =
    (modeSetting as ExtensionBuildConfig['mode'] | undefined) ??
    (env.NODE_ENV === 'production' ? 'production' : 'development');
  return {
    version: pkg.version,
    mode,
    webUrl,
    webOrigins: [...new Set([webUrl, ...extra])],
    apiUrl,
    // Relative to the folder the build runs in, as the server reads CLIENT_DIR.
    outDir: resolve(setting(env, 'EXTENSION_DIR') ?? `${repoRoot}dist/extension`),
  };
}

/** The values the extension's code reads from import.meta.env (src-extension/background/buildConfig.ts). */
export function importMetaEnv(config: ExtensionBuildConfig): Record<string, string> {
  const values = {
    VITE_WEB_URL: config.webUrl,
    VITE_API_URL: config.apiUrl,
    VITE_WEB_ORIGINS: config.webOrigins.join(','),
    VITE_EXTENSION_MODE: config.mode,
  };
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [`import.meta.env.${name}`, JSON.stringify(value)]),
  );
}
