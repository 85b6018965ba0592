import { createHash, generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEST_EXTENSION_DIR, extensionIdFromKey, testExtensionId } from '../fixtures/extensionId';

describe("the test extension's id is derived from its manifest key", () => {
  it('is 32 letters a–p: the first 16 bytes of the key’s SHA-256, one letter per hex digit', () => {
    const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const der = publicKey.export({ type: 'spki', format: 'der' });
    const id = extensionIdFromKey(der.toString('base64'));
    expect(id).toMatch(/^[a-p]{32}$/);
    const hex = createHash('sha256').update(der).digest('hex').slice(0, 32);
    expect([...id].map((c) => (c.charCodeAt(0) - 97).toString(16)).join('')).toBe(hex);
  });

  it('the fixture manifest has a key, so its id is fixed', () => {
    const manifest = JSON.parse(readFileSync(join(TEST_EXTENSION_DIR, 'manifest.json'), 'utf8'));
    expect(testExtensionId()).toBe(extensionIdFromKey(manifest.key));
    expect(manifest.externally_connectable.matches).toEqual(['http://127.0.0.1/*', 'http://localhost/*']);
  });
});
