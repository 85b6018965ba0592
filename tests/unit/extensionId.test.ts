import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNPACKED_EXTENSION_ID } from '../../src-extension/build/extensionId';

/** src/config as a fresh build would read it, with the build variables stubbed so far. */
async function freshConfig() {
  vi.resetModules();
  return import('../../src/config');
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the extension id comes from VITE_EXTENSION_ID at build time', () => {
  it('the store link and the extension dashboard URL follow the variable', async () => {
    vi.stubEnv('VITE_EXTENSION_ID', 'abcdefghijklmnopabcdefghijklmnop');
    const config = await freshConfig();
    expect(config.EXTENSION_ID).toBe('abcdefghijklmnopabcdefghijklmnop');
    expect(config.EXTENSION_STORE_URL).toBe(
      'https://chromewebstore.google.com/detail/postkeeper/abcdefghijklmnopabcdefghijklmnop',
    );
    expect(config.EXTENSION_DASHBOARD_URL).toBe(
      'chrome-extension://abcdefghijklmnopabcdefghijklmnop/dashboard.html',
    );
  });

  it('without the variable (or with an empty one) the web app talks to the extension this repository builds', async () => {
    for (const value of [undefined, '', '  ']) {
      vi.stubEnv('VITE_EXTENSION_ID', value);
      const config = await freshConfig();
      expect(config.EXTENSION_ID).toBe('lmibpnjnijhijcmdkmidjkmpenfaiekc');
      expect(config.EXTENSION_ID).toBe(config.DEFAULT_EXTENSION_ID);
      expect(config.EXTENSION_ID).toBe(UNPACKED_EXTENSION_ID);
      expect(config.EXTENSION_DASHBOARD_URL).toBe(
        'chrome-extension://lmibpnjnijhijcmdkmidjkmpenfaiekc/dashboard.html',
      );
    }
  });

  it('the web app sends its messages to the id the build names', async () => {
    vi.stubEnv('VITE_EXTENSION_ID', 'ponmlkjihgfedcbaponmlkjihgfedcba');
    vi.resetModules();
    const sent: string[] = [];
    vi.stubGlobal('chrome', {
      runtime: { sendMessage: (id: string, _m: unknown, cb: () => void) => (sent.push(id), cb()) },
    });
    try {
      const { sendToExtension } = await import('../../src/extension/bridge');
      await expect(sendToExtension('LOGOUT')).resolves.toBe('ok');
      expect(sent).toEqual(['ponmlkjihgfedcbaponmlkjihgfedcba']);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
