import { logoutRequest } from '../api/auth';
import { sendToExtension } from '../extension/bridge';
import { clearStoredSession, readToken } from './storage';

/** Forgets the session in this browser and tells the extension: for when the server has already ended it. */
export function forgetSession(): void {
  clearStoredSession();
  void sendToExtension('LOGOUT');
}

/**
 * Logout, for the site and the console alike (docs/product.md#session-in-the-browser): the server ends the session
 * first, so a copy of the token taken from this browser stops working too; then this browser forgets it. The
 * browser is signed out whatever the server answers (offline, 401, 500, or nothing in time).
 */
export async function signOut(): Promise<void> {
  const token = readToken();
  if (token) await logoutRequest(token).catch(() => undefined);
  forgetSession();
}
