import { createHash, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEFAULT_EXTENSION_ID } from '../../src/config';
import { extensionIdFromKey, UNPACKED_EXTENSION_ID } from '../../src-extension/build/extensionId';
import { readExtensionBuildConfig } from '../../src-extension/build/extensionBuildConfig';
import { EXTENSION_PUBLIC_KEY } from '../../src-extension/extensionKey';
import { buildManifest } from '../../src-extension/manifest';

describe("the extension's id is derived from its manifest key", () => {
  it('is 32 letters a–p: the first 16 bytes of the key’s SHA-256, one letter per hex digit', () => {
    const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const der = publicKey.export({ type: 'spki', format: 'der' });
    const id = extensionIdFromKey(der.toString('base64'));
    expect(id).toMatch(/^[a-p]{32}$/);
    const hex = createHash('sha256').update(der).digest('hex').slice(0, 32);
    expect([...id].map((c) => (c.charCodeAt(0) - 97).toString(16)).join('')).toBe(hex);
  });

  it("the web app's default extension id is the id of the key the built manifest carries", () => {
    const manifest = buildManifest(readExtensionBuildConfig({}), { contentScripts: [], withKey: true });
    expect(manifest.key).toBe(EXTENSION_PUBLIC_KEY);
    expect(extensionIdFromKey(manifest.key!)).toBe(DEFAULT_EXTENSION_ID);
    expect(UNPACKED_EXTENSION_ID).toBe('lmibpnjnijhijcmdkmidjkmpenfaiekc');
  });

  it('the store zip’s manifest leaves the key out: the store signs with its own', () => {
    const manifest = buildManifest(readExtensionBuildConfig({}), { contentScripts: [], withKey: false });
    expect(manifest).not.toHaveProperty('key');
  });
});
