import { EXTENSION_ID, TIMINGS } from '../config';

/** The messages of docs/product.md#messages-to-the-extension that the web app sends to the extension. */
export type ExtensionAction = 'openDashboard' | 'LOGOUT';

/** The signed-in session the web app hands to the extension, so the extension can call the API as the user. */
export interface ExtensionSession {
  token: string;
  /** The absolute API base URL, e.g. https://postkeeper.app/api. */
  apiUrl: string;
}

/** What goes to the extension besides the action and its timestamp. */
export interface ExtensionPayload {
  session?: ExtensionSession;
}

interface ChromeRuntime {
  sendMessage(extensionId: string, message: unknown, callback: (response: unknown) => void): void;
  lastError?: { message?: string };
}

function runtime(): ChromeRuntime | null {
  const chrome = (globalThis as { chrome?: { runtime?: ChromeRuntime } }).chrome;
  return chrome?.runtime && typeof chrome.runtime.sendMessage === 'function' ? chrome.runtime : null;
}

/** What the browser says about itself: the user agent, and the client hints where it sends them. */
export interface BrowserIdentity {
  userAgent?: string;
  userAgentData?: { brands?: { brand: string }[] } | null;
}

/**
 * True for Chrome and every other Chromium browser (Edge, Brave, Opera, Vivaldi…): all of them install
 * extensions from the Chrome Web Store, so all get the same treatment. Each lists "Chromium" (Chrome also
 * "Google Chrome") among its client-hint brands; without client hints, each carries `Chrome/…` in its user
 * agent, which Firefox and Safari never do. The old EdgeHTML Edge also wrote `Chrome/`, but cannot install these
 * extensions; it is told apart by `Edge/` (the Chromium Edge writes `Edg/`).
 */
export function isChromiumBrowser(browser: BrowserIdentity): boolean {
  const brands = browser.userAgentData?.brands;
  if (brands?.length) return brands.some((b) => b.brand === 'Chromium' || b.brand === 'Google Chrome');
  const ua = browser.userAgent ?? '';
  return /\b(?:Chrome|Chromium)\/\d/.test(ua) && !/\bEdge\/\d/.test(ua);
}

/** True in Chrome and the other Chromium browsers, which can install Chrome Web Store extensions. */
export function isChromeBrowser(): boolean {
  if (typeof navigator === 'undefined') return false;
  return isChromiumBrowser(navigator as BrowserIdentity);
}

/** ok; not Chrome; no answer (not installed); or the call itself failed (cannot be opened). */
export type SendResult = 'ok' | 'not-chrome' | 'not-installed' | 'error';

/**
 * Sends an action to the installed extension. The extension answers when it is there; silence within the
 * timeout, or a runtime error, means it is not installed (or not allowed to talk to this site).
 */
export function sendToExtension(
  action: ExtensionAction,
  timeoutMs: number = TIMINGS.extensionTimeoutMs,
  payload: ExtensionPayload = {},
): Promise<SendResult> {
  const rt = runtime();
  if (!rt) return Promise.resolve(isChromeBrowser() ? 'not-installed' : 'not-chrome');
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const timer = setTimeout(() => finish('not-installed'), timeoutMs);
    try {
      rt.sendMessage(EXTENSION_ID, { action, timestamp: Date.now(), ...payload }, () => {
        finish(rt.lastError ? 'not-installed' : 'ok');
      });
    } catch {
      finish('error');
    }
  });
}
