import type { Profile } from '../contract/user';
import { request } from '../api/client';
import { readToken } from './storage';

let ahead: Promise<Profile> | undefined;

/**
 * Starts `GET /auth/me` with the page, before the console's code has arrived, which would otherwise ask only once
 * it has loaded and run (docs/PERFORMANCE.md#first-rows). Does nothing without a stored session.
 */
export function fetchProfileAhead(): void {
  if (!readToken()) return;
  ahead = request<Profile>('/auth/me');
  // Whoever takes it reports a failure; one nobody takes must not surface as unhandled.
  ahead.catch(() => undefined);
}

/** The profile fetched ahead, once; after that (or without one) a fresh `GET /auth/me`. */
export function takeProfile(): Promise<Profile> {
  const taken = ahead;
  ahead = undefined;
  return taken ?? request<Profile>('/auth/me');
}
