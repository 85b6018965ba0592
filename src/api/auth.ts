import type { Profile } from '../contract/user';
import { TIMINGS } from '../config';
import { request } from './client';

export const fetchProfile = (token: string, signal?: AbortSignal) =>
  request<Profile>('/auth/me', { token, signal });

export const loginRequest = (email: string, password: string) =>
  request<{ token?: string; message?: string }>('/auth/login', {
    method: 'POST',
    body: { email, password },
    auth: false,
  });

export const registerRequest = (email: string, password: string, displayName: string) =>
  request<{ token?: string; message?: string }>('/auth/register', {
    method: 'POST',
    body: { email, password, displayName },
    auth: false,
  });

/** Trades the Google callback's one-time code (the `auth_token` it sends back) for a session token. */
export const exchangeGoogleCode = (code: string) =>
  request<{ token: string }>('/auth/google/exchange', { method: 'POST', body: { code }, auth: false });

/**
 * Ends the session of `token` on the server (204), so a copy of the token stops working. Given up after
 * `timeoutMs`: the caller signs out locally whatever happens, and a server that never answers must not hold it.
 */
export async function logoutRequest(
  token: string,
  timeoutMs: number = TIMINGS.logoutTimeoutMs,
): Promise<void> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  try {
    await request<void>('/auth/logout', { method: 'POST', token, signal: abort.signal });
  } finally {
    clearTimeout(timer);
  }
}

/** Ends every session of the signed-in user, this one included (204). */
export const revokeAllSessions = () => request<void>('/auth/sessions/revoke-all', { method: 'POST' });

export const requestPasswordReset = (email: string) =>
  request<{ message: string }>('/auth/request-password-reset', {
    method: 'POST',
    body: { email },
    auth: false,
  });

export const resetPasswordRequest = (token: string, newPassword: string) =>
  request<{ message: string }>('/auth/reset-password', {
    method: 'POST',
    body: { token, newPassword },
    auth: false,
  });

/** Where the browser goes to start Google sign-in (a navigation, not a fetch). */
export { apiUrl } from './client';
