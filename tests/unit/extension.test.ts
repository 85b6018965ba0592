import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EXTENSION_ID } from '../../src/config';
import { isChromeBrowser, isChromiumBrowser, sendToExtension } from '../../src/extension/bridge';
import { EXTENSION_TEXT, extensionAlert } from '../../src/extension/extensionTexts';
import { absoluteApiUrl, openExtensionDashboard } from '../../src/extension/openDashboard';

type Callback = (response: unknown) => void;

/** A stand-in for chrome.runtime that records messages and answers the way the test says. */
function fakeRuntime(answer: 'reply' | 'silent' | 'lastError' | 'throw') {
  const sent: { id: string; message: unknown }[] = [];
  const runtime: {
    sendMessage: (id: string, m: unknown, cb: Callback) => void;
    lastError?: { message: string };
  } = {
    sendMessage(id, message, cb) {
      sent.push({ id, message });
      if (answer === 'throw') throw new Error('Invalid extension id');
      if (answer === 'reply') cb({ success: true });
      if (answer === 'lastError') {
        runtime.lastError = { message: 'Could not establish connection. Receiving end does not exist.' };
        cb(undefined);
      }
    },
  };
  vi.stubGlobal('chrome', { runtime });
  return sent;
}

function userAgent(ua: string) {
  vi.stubGlobal('navigator', { userAgent: ua });
}

const CHROME_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_UA = 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-22T12:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('sendToExtension', () => {
  it('sends the action with a timestamp to the Postkeeper extension id and reports ok on a reply', async () => {
    userAgent(CHROME_UA);
    const sent = fakeRuntime('reply');
    await expect(sendToExtension('openDashboard')).resolves.toBe('ok');
    expect(sent).toEqual([
      {
        id: EXTENSION_ID,
        message: { action: 'openDashboard', timestamp: Date.parse('2026-11-22T12:00:00Z') },
      },
    ]);
  });

  it('sends LOGOUT the same way', async () => {
    userAgent(CHROME_UA);
    const sent = fakeRuntime('reply');
    await sendToExtension('LOGOUT');
    expect(sent[0]?.message).toMatchObject({ action: 'LOGOUT' });
  });

  it('treats silence until the timeout as not installed', async () => {
    userAgent(CHROME_UA);
    fakeRuntime('silent');
    let result: string | undefined;
    void sendToExtension('openDashboard', 1500).then((r) => (result = r));
    await vi.advanceTimersByTimeAsync(1499);
    expect(result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(result).toBe('not-installed');
  });

  it('treats a runtime lastError as not installed', async () => {
    userAgent(CHROME_UA);
    fakeRuntime('lastError');
    await expect(sendToExtension('openDashboard')).resolves.toBe('not-installed');
  });

  it('reports an error when sendMessage itself throws', async () => {
    userAgent(CHROME_UA);
    fakeRuntime('throw');
    await expect(sendToExtension('openDashboard')).resolves.toBe('error');
  });

  it('without chrome.runtime: not installed in Chrome, not Chrome elsewhere', async () => {
    vi.stubGlobal('chrome', undefined);
    userAgent(CHROME_UA);
    await expect(sendToExtension('openDashboard')).resolves.toBe('not-installed');
    userAgent(FIREFOX_UA);
    await expect(sendToExtension('openDashboard')).resolves.toBe('not-chrome');
  });
});

describe('openExtensionDashboard: the session rides along with openDashboard', () => {
  function signedIn(token: string | null) {
    const items = new Map(token ? [['authToken', token]] : []);
    vi.stubGlobal('localStorage', { getItem: (k: string) => items.get(k) ?? null });
    vi.stubGlobal('location', new URL('https://postkeeper.app/login?from=%2Fsettings'));
  }

  it('signed in: the token and the absolute API URL go to the extension in the openDashboard message', async () => {
    userAgent(CHROME_UA);
    signedIn('tok-123');
    const sent = fakeRuntime('reply');
    await expect(openExtensionDashboard()).resolves.toBe('ok');
    expect(sent).toEqual([
      {
        id: EXTENSION_ID,
        message: {
          action: 'openDashboard',
          timestamp: Date.parse('2026-11-22T12:00:00Z'),
          session: { token: 'tok-123', apiUrl: 'https://postkeeper.app/api' },
        },
      },
    ]);
  });

  it('signed out: openDashboard alone, no session', async () => {
    userAgent(CHROME_UA);
    signedIn(null);
    const sent = fakeRuntime('reply');
    await openExtensionDashboard();
    expect(sent[0]?.message).toEqual({
      action: 'openDashboard',
      timestamp: Date.parse('2026-11-22T12:00:00Z'),
    });
  });

  it('the API URL is absolute, whether the API is on this origin or another host', () => {
    expect(absoluteApiUrl('http://localhost:3000/dashboard')).toBe('http://localhost:3000/api');
  });
});

describe('browser detection: Chrome, Edge and the other Chromium browsers alike', () => {
  const WIN = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko)';
  const UA = {
    chrome: `${WIN} Chrome/131.0.0.0 Safari/537.36`,
    edge: `${WIN} Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0`,
    // Brave sends Chrome's user agent unchanged; Opera adds OPR/.
    brave: `${WIN} Chrome/131.0.0.0 Safari/537.36`,
    opera: `${WIN} Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0`,
    firefox: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0',
    safari:
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
    legacyEdge: `${WIN} Chrome/70.0.3538.102 Safari/537.36 Edge/18.19582`,
  };
  const brands = (...names: string[]) => ({ brands: names.map((brand) => ({ brand })) });
  const HINTS = {
    chrome: brands('Google Chrome', 'Chromium', 'Not_A Brand'),
    edge: brands('Microsoft Edge', 'Chromium', 'Not_A Brand'),
    brave: brands('Brave', 'Chromium', 'Not_A Brand'),
    opera: brands('Opera', 'Chromium', 'Not_A Brand'),
  };

  it.each([
    ['Chrome', UA.chrome, HINTS.chrome],
    ['Edge', UA.edge, HINTS.edge],
    ['Brave', UA.brave, HINTS.brave],
    ['Opera', UA.opera, HINTS.opera],
  ])('%s is a Chromium browser by its client hints and by its user agent alone', (_name, ua, hints) => {
    expect(isChromiumBrowser({ userAgent: ua, userAgentData: hints })).toBe(true);
    expect(isChromiumBrowser({ userAgent: ua })).toBe(true);
    expect(isChromiumBrowser({ userAgent: ua, userAgentData: { brands: [] } })).toBe(true);
  });

  it.each([
    ['Firefox', UA.firefox],
    ['Safari', UA.safari],
    ['the old EdgeHTML Edge', UA.legacyEdge],
    ['an empty user agent', ''],
  ])('%s is not', (_name, ua) => {
    expect(isChromiumBrowser({ userAgent: ua })).toBe(false);
    expect(isChromiumBrowser({ userAgent: ua, userAgentData: null })).toBe(false);
  });

  it('client hints decide when the browser sends them', () => {
    expect(isChromiumBrowser({ userAgent: UA.firefox, userAgentData: HINTS.edge })).toBe(true);
    expect(isChromiumBrowser({ userAgent: UA.chrome, userAgentData: brands('Not_A Brand', 'Other') })).toBe(
      false,
    );
  });

  it('reads the real navigator: Edge without the extension is "not installed", not "not Chrome"', async () => {
    vi.stubGlobal('chrome', undefined);
    vi.stubGlobal('navigator', { userAgent: UA.edge, userAgentData: HINTS.edge });
    expect(isChromeBrowser()).toBe(true);
    await expect(sendToExtension('openDashboard')).resolves.toBe('not-installed');
    userAgent(UA.edge);
    expect(isChromeBrowser()).toBe(true);
    await expect(sendToExtension('openDashboard')).resolves.toBe('not-installed');
    userAgent(UA.opera);
    expect(isChromeBrowser()).toBe(true);
    userAgent(UA.safari);
    expect(isChromeBrowser()).toBe(false);
    await expect(sendToExtension('openDashboard')).resolves.toBe('not-chrome');
  });
});

describe('extensionAlert', () => {
  it('maps each failure to the text the product gives it', () => {
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
    expect(Object.values(EXTENSION_TEXT)).toHaveLength(3);
  });
});
