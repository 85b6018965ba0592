import type {
  LoginBody,
  RegisterBody,
  RequestResetBody,
  ResetPasswordBody,
  TokenResponse,
} from '../contract/auth';
import type { MessageResponse } from '../contract/common';
import type { Profile } from '../contract/user';
import { TIMINGS } from '../config';
import { request } from './client';

export const fetchProfile = (token: string, signal?: AbortSignal) =>
  request<Profile>('/auth/me', { token, signal });

// Bodies and answers are the contract's (src/contract/auth.ts), imported as types so zod stays out of the bundle.
// A screen passes its signal, so a call still on its way when the screen goes is aborted.

export const loginRequest = (body: LoginBody, signal?: AbortSignal) =>
  request<TokenResponse>('/auth/login', { method: 'POST', body, auth: false, signal });

export const registerRequest = (body: RegisterBody, signal?: AbortSignal) =>
  request<TokenResponse>('/auth/register', { method: 'POST', body, auth: false, signal });

/** Trades the Google callback's one-time code (the `auth_token` it sends back) for a session token. */
export const exchangeGoogleCode = (code: string) =>
  request<TokenResponse>('/auth/google/exchange', { method: 'POST', body: { code }, auth: false });

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

export const requestPasswordReset = (body: RequestResetBody, signal?: AbortSignal) =>
  request<MessageResponse>('/auth/request-password-reset', { method: 'POST', body, auth: false, signal });

export const resetPasswordRequest = (body: ResetPasswordBody, signal?: AbortSignal) =>
  request<MessageResponse>('/auth/reset-password', { method: 'POST', body, auth: false, signal });

/** Where the browser goes to start Google sign-in (a navigation, not a fetch). */
export { apiUrl } from './client';
