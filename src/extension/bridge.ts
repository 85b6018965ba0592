import { EXTENSION_ID, TIMINGS } from '../config';

/** The messages of SPEC §7 that the web app sends to the extension. */
export type ExtensionAction = 'openDashboard' | 'LOGOUT';

interface ChromeRuntime {
  sendMessage(extensionId: string, message: unknown, callback: (response: unknown) => void): void;
  lastError?: { message?: string };
}

function runtime(): ChromeRuntime | null {
  const chrome = (globalThis as { chrome?: { runtime?: ChromeRuntime } }).chrome;
  return chrome?.runtime && typeof chrome.runtime.sendMessage === 'function' ? chrome.runtime : null;
}

/** True in Chrome (and Chromium-based browsers that can install Chrome Web Store extensions). */
export function isChromeBrowser(): boolean {
  if (typeof navigator === 'undefined') return false;
  const brands = (navigator as { userAgentData?: { brands?: { brand: string }[] } }).userAgentData?.brands;
  if (brands) return brands.some((b) => /Chrom/i.test(b.brand));
  return /Chrome|Chromium/.test(navigator.userAgent) && !/Edg\/|OPR\//.test(navigator.userAgent);
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
      rt.sendMessage(EXTENSION_ID, { action, timestamp: Date.now() }, () => {
        finish(rt.lastError ? 'not-installed' : 'ok');
      });
    } catch {
      finish('error');
    }
  });
}
