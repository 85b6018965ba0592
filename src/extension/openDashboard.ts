import { API_BASE, TIMINGS } from '../config';
import { readToken } from '../session/storage';
import { sendToExtension, type ExtensionSession, type SendResult } from './bridge';

/** The API base as an absolute URL: the extension's pages live on their own origin. */
export function absoluteApiUrl(pageUrl: string = globalThis.location?.href ?? ''): string {
  return new URL(API_BASE.replace(/\/$/, ''), pageUrl).href;
}

/** The stored session as the extension needs it, or nothing when signed out. */
export function sessionForExtension(): ExtensionSession | undefined {
  const token = readToken();
  return token ? { token, apiUrl: absoluteApiUrl() } : undefined;
}

/**
 * Asks the extension to open its dashboard. The signed-in session rides along in the same message, so the
 * dashboard never opens before the extension knows whose posts to show, and an extension that signed in before
 * (or was installed after the sign-in) is brought up to date each time it is opened from the web app.
 */
export function openExtensionDashboard(timeoutMs: number = TIMINGS.extensionTimeoutMs): Promise<SendResult> {
  const session = sessionForExtension();
  return sendToExtension('openDashboard', timeoutMs, session ? { session } : {});
}
