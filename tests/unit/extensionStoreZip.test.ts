import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { readExtensionBuildConfig } from '../../src-extension/build/extensionBuildConfig';
import { writeStoreZip } from '../../src-extension/build/storeZip';
import { buildManifest } from '../../src-extension/manifest';

describe("the store's zip (npm run build:extension)", () => {
  const root = mkdtempSync(join(tmpdir(), 'postkeeper-zip-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('holds the built files, manifest.json at its root without the key', () => {
    const built = join(root, 'extension');
    mkdirSync(join(built, 'content'), { recursive: true });
    const config = readExtensionBuildConfig({
      EXTENSION_MODE: 'production',
      WEB_URL: 'https://postkeeper.app',
    });
    writeFileSync(
      join(built, 'manifest.json'),
      JSON.stringify(buildManifest(config, { contentScripts: ['x'], withKey: true })),
    );
    writeFileSync(join(built, 'background.js'), 'self;');
    writeFileSync(join(built, 'content', 'x.js'), '(() => {})();');
    const zipFile = join(root, 'postkeeper-extension-1.0.0.zip');

    writeStoreZip(built, buildManifest(config, { contentScripts: ['x'], withKey: false }), zipFile);

    const files = unzipSync(readFileSync(zipFile));
    expect(Object.keys(files).sort()).toEqual(['background.js', 'content/x.js', 'manifest.json']);
    const manifest = JSON.parse(strFromU8(files['manifest.json']));
    expect(manifest).not.toHaveProperty('key');
    expect(manifest.externally_connectable).toEqual({ matches: ['https://postkeeper.app/*'] });
    expect(strFromU8(files['content/x.js'])).toBe('(() => {})();');
  });
});
