import type { AuthProvider } from 'react-admin';
import type { Profile } from '../../src/contract/user';
import { takeProfile } from '../../src/session/profileAhead';
import { clearStoredSession, readToken, writeCachedProfile } from '../../src/session/storage';
import { signOut } from '../../src/session/signOut';

export const LOGIN_PATH = '/dashboard/login';

export type AdminSession =
  | { state: 'anonymous' }
  | { state: 'denied'; profile: Profile }
  | { state: 'admin'; profile: Profile };

/**
 * Resolves the site's session once, before react-admin mounts: the stored token, then GET /auth/me.
 * A failed profile call clears the session, as the site does (docs/product.md#session-in-the-browser).
 */
export async function resolveAdminSession(): Promise<AdminSession> {
  if (!readToken()) return { state: 'anonymous' };
  try {
    const profile = await takeProfile();
    writeCachedProfile(profile);
    return profile.role === 'admin' ? { state: 'admin', profile } : { state: 'denied', profile };
  } catch {
    clearStoredSession();
    return { state: 'anonymous' };
  }
}

/** The operator as react-admin's user menu names them. */
export const identityOf = (profile: Profile) => ({
  id: profile._id,
  fullName: profile.displayName || profile.name || profile.email,
});

/** Full-page moves out of the console; an object so tests can watch them. */
export const browserNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

/** Sends the browser to the site's sign-in screen (a full load, so the console's memory goes too). */
function goToLogin(): void {
  browserNavigation.assign(LOGIN_PATH);
}

/**
 * react-admin's auth over an already resolved admin profile: every check answers from memory, so the
 * first render does not wait on (or loop over) a network call. Logging out clears the site session too.
 */
export function createAuthProvider(profile: Profile): AuthProvider {
  return {
    async login() {
      // Signing in happens on the site's own screen.
      goToLogin();
    },
    async logout() {
      // The site's own Logout: the server ends the session, then this browser forgets it and tells the extension
      // (docs/product.md#session-in-the-browser). Awaited, since leaving the page would cut the call off.
      await signOut();
      goToLogin();
      return false;
    },
    async checkAuth() {
      if (!readToken()) throw new Error('Not signed in');
    },
    async checkError(error: { status?: number }) {
      if (error?.status === 401) {
        clearStoredSession();
        throw new Error('Session ended');
      }
    },
    async getIdentity() {
      return identityOf(profile);
    },
    async getPermissions() {
      return profile.role;
    },
  };
}
