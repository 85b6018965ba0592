import { afterEach, describe, expect, it, vi } from 'vitest';
import { isChromeBrowser, sendToExtension } from '../../src/extension/bridge';
import { EXTENSION_TEXT, extensionAlert } from '../../src/extension/extensionTexts';
import { EXTENSION_ID } from '../../src/config';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function stubRuntime(
  impl: (id: string, msg: unknown, cb: (r: unknown) => void, rt: { lastError?: { message: string } }) => void,
) {
  const rt: {
    lastError?: { message: string };
    sendMessage: (id: string, msg: unknown, cb: (r: unknown) => void) => void;
  } = {
    sendMessage: (id, msg, cb) => impl(id, msg, cb, rt),
  };
  vi.stubGlobal('chrome', { runtime: rt });
  return rt;
}
const chromeAgent = () =>
  vi.stubGlobal('navigator', {
    userAgent:
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
  });
const firefoxAgent = () =>
  vi.stubGlobal('navigator', {
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0',
  });

describe('extension bridge', () => {
  it('sends the action to the product’s extension id and reports ok when it answers', async () => {
    const calls: unknown[][] = [];
    stubRuntime((id, msg, cb) => {
      calls.push([id, msg]);
      cb({ ok: true });
    });
    expect(await sendToExtension('openDashboard')).toBe('ok');
    expect(calls[0][0]).toBe(EXTENSION_ID);
    expect(calls[0][1]).toMatchObject({ action: 'openDashboard' });
  });

  it('treats a runtime error as not installed', async () => {
    stubRuntime((_id, _msg, cb, rt) => {
      rt.lastError = { message: 'Receiving end does not exist.' };
      cb(undefined);
    });
    expect(await sendToExtension('LOGOUT')).toBe('not-installed');
  });

  it('treats silence past the timeout as not installed', async () => {
    vi.useFakeTimers();
    stubRuntime(() => undefined);
    const result = sendToExtension('openDashboard', 1500);
    await vi.advanceTimersByTimeAsync(1499);
    let settled = false;
    void result.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toBe('not-installed');
  });

  it('reports a call that throws as an extension that cannot be opened', async () => {
    stubRuntime(() => {
      throw new Error('bad id');
    });
    expect(await sendToExtension('openDashboard')).toBe('error');
  });

  it('tells Chrome without the extension from another browser', async () => {
    vi.stubGlobal('chrome', undefined);
    chromeAgent();
    expect(isChromeBrowser()).toBe(true);
    expect(await sendToExtension('openDashboard')).toBe('not-installed');
    firefoxAgent();
    expect(isChromeBrowser()).toBe(false);
    expect(await sendToExtension('openDashboard')).toBe('not-chrome');
  });

  it('maps each result to the spec’s alert', () => {
    expect(extensionAlert('ok')).toBeNull();
    expect(extensionAlert('not-installed')).toBe(
      'Chrome extension not found. Please install the Postkeeper Chrome extension.',
    );
    expect(extensionAlert('not-chrome')).toBe(
      'This feature requires the Chrome browser with the Postkeeper extension installed.',
    );
    expect(extensionAlert('error')).toBe(
      'Unable to open extension. Please make sure the Postkeeper Chrome extension is installed.',
    );
    expect(EXTENSION_TEXT.notFound).toContain('Postkeeper');
  });
});
