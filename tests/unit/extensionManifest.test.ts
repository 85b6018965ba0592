import { describe, expect, it } from 'vitest';
import { EXTENSION_DESCRIPTION, PRODUCT_NAME } from '../../src/config';
import { readExtensionBuildConfig } from '../../src-extension/build/extensionBuildConfig';
import { buildManifest } from '../../src-extension/manifest';

// The manifest a build writes (src-extension/manifest.ts): what Chrome shows at install time as the extension's
// permissions, and which sites may talk to it.

const PLATFORMS = ['instagram', 'linkedin', 'page', 'pinterest', 'reddit', 'x'];

const manifestFor = (env: Record<string, string>) =>
  buildManifest(readExtensionBuildConfig(env), { contentScripts: PLATFORMS, withKey: true });

const PLATFORM_HOSTS = [
  'https://x.com/*',
  'https://twitter.com/*',
  'https://www.linkedin.com/*',
  'https://www.reddit.com/*',
  'https://old.reddit.com/*',
  'https://www.instagram.com/*',
  'https://www.pinterest.com/*',
];
const IMAGE_CDNS = [
  'https://pbs.twimg.com/*',
  'https://media.licdn.com/*',
  'https://i.redd.it/*',
  'https://preview.redd.it/*',
  'https://external-preview.redd.it/*',
  'https://*.cdninstagram.com/*',
  'https://*.fbcdn.net/*',
  'https://i.pinimg.com/*',
];

describe('the default build (npm start) talks to the web app on this machine', () => {
  const manifest = manifestFor({});

  it('is a Manifest V3 extension named and described from the brand constants', () => {
    expect(manifest).toMatchObject({
      manifest_version: 3,
      name: PRODUCT_NAME,
      description: EXTENSION_DESCRIPTION,
      action: { default_popup: 'popup.html' },
      background: { service_worker: 'background.js', type: 'module' },
    });
    expect(EXTENSION_DESCRIPTION.length).toBeLessThanOrEqual(132);
    expect(Object.keys(manifest.icons ?? {})).toEqual(['16', '32', '48', '128']);
  });

  it('asks only for storage, contextMenus, activeTab and scripting', () => {
    expect(manifest.permissions).toEqual(['storage', 'contextMenus', 'activeTab', 'scripting']);
    expect(manifest.optional_permissions).toBeUndefined();
  });

  it('reaches only the five platforms, their image CDNs and the API (on localhost, any port)', () => {
    expect(manifest.host_permissions).toEqual([
      ...PLATFORM_HOSTS,
      ...IMAGE_CDNS,
      'http://localhost/*',
      'http://127.0.0.1/*',
    ]);
  });

  it('lets the web app on localhost or 127.0.0.1, at any port, hand over its session', () => {
    expect(manifest.externally_connectable).toEqual({
      matches: ['http://localhost/*', 'http://127.0.0.1/*'],
    });
  });

  it('runs one content script per platform on that platform only, once the page is idle', () => {
    expect(manifest.content_scripts).toEqual([
      {
        matches: ['https://x.com/*', 'https://twitter.com/*'],
        js: ['content/x.js'],
        run_at: 'document_idle',
      },
      { matches: ['https://www.linkedin.com/*'], js: ['content/linkedin.js'], run_at: 'document_idle' },
      {
        matches: ['https://www.reddit.com/*', 'https://old.reddit.com/*'],
        js: ['content/reddit.js'],
        run_at: 'document_idle',
      },
      { matches: ['https://www.instagram.com/*'], js: ['content/instagram.js'], run_at: 'document_idle' },
      { matches: ['https://www.pinterest.com/*'], js: ['content/pinterest.js'], run_at: 'document_idle' },
    ]);
  });

  it('lets its pages run only its own scripts', () => {
    expect(manifest.content_security_policy).toEqual({
      extension_pages: "script-src 'self'; object-src 'self'",
    });
    expect(JSON.stringify(manifest)).not.toMatch(/unsafe-|wasm-unsafe|https?:\/\/[^"]*\.js/);
  });
});

describe('a production build names only the configured web app and API', () => {
  const env = {
    EXTENSION_MODE: 'production',
    WEB_URL: 'https://postkeeper.app',
    API_URL: 'https://api.postkeeper.app/api/',
    EXTENSION_WEB_ORIGINS: 'https://www.postkeeper.app',
  };
  const manifest = manifestFor(env);

  it('accepts sessions from the web app’s origins only, and reaches the API’s origin', () => {
    expect(manifest.externally_connectable).toEqual({
      matches: ['https://postkeeper.app/*', 'https://www.postkeeper.app/*'],
    });
    expect(manifest.host_permissions).toEqual([
      ...PLATFORM_HOSTS,
      ...IMAGE_CDNS,
      'https://api.postkeeper.app/*',
    ]);
    expect(JSON.stringify(manifest)).not.toMatch(/localhost|127\.0\.0\.1/);
  });

  it('is production by default under NODE_ENV=production; the API defaults to /api on the web app', () => {
    const config = readExtensionBuildConfig({ NODE_ENV: 'production', WEB_URL: 'https://postkeeper.app/' });
    expect(config).toMatchObject({
      mode: 'production',
      webUrl: 'https://postkeeper.app',
      webOrigins: ['https://postkeeper.app'],
      apiUrl: 'https://postkeeper.app/api',
    });
  });
});

describe('the build configuration', () => {
  it('defaults to the server of npm start: PORT, else 3000', () => {
    expect(readExtensionBuildConfig({})).toMatchObject({
      mode: 'development',
      webUrl: 'http://localhost:3000',
      apiUrl: 'http://localhost:3000/api',
    });
    expect(readExtensionBuildConfig({ PORT: '4100', WEB_URL: ' ' })).toMatchObject({
      webUrl: 'http://localhost:4100',
      apiUrl: 'http://localhost:4100/api',
    });
  });

  it('refuses a value it cannot use, naming the variable', () => {
    expect(() => readExtensionBuildConfig({ WEB_URL: 'postkeeper.app' })).toThrow(/WEB_URL must be a URL/);
    expect(() => readExtensionBuildConfig({ API_URL: 'ftp://postkeeper.app' })).toThrow(
      /API_URL must be an http or https URL/,
    );
    expect(() => readExtensionBuildConfig({ EXTENSION_MODE: 'prod' })).toThrow(
      /EXTENSION_MODE must be development or production/,
    );
  });
});
