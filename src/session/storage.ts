import type { Profile } from '../contract/user';

/** docs/product.md#browser-storage client-side storage keys. */
export const TOKEN_KEY = 'authToken';
export const PROFILE_KEY = 'user_profile';

function store(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readToken(): string | null {
  return store()?.getItem(TOKEN_KEY) ?? null;
}

export function writeToken(token: string): void {
  store()?.setItem(TOKEN_KEY, token);
}

export function writeCachedProfile(profile: Profile): void {
  store()?.setItem(PROFILE_KEY, JSON.stringify(profile));
}

export function clearStoredSession(): void {
  store()?.removeItem(TOKEN_KEY);
  store()?.removeItem(PROFILE_KEY);
}
