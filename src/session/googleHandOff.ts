// The Google sign-in hand-off: the server's callback sends the browser back with `?auth_token=…`. Taken
// blindly, any link carrying someone's token would sign the visitor into that account (login CSRF), so the web
// app takes it only while a Google sign-in that this tab started is pending.

/** The flag's key in sessionStorage: per tab, so a link opened in another tab never finds it. */
export const GOOGLE_PENDING_KEY = 'googleSignInPending';
/** As long as the server keeps its half of the flow (oauth_states); a later return fails there anyway. */
export const GOOGLE_PENDING_MS = 10 * 60_000;
export const HAND_OFF_PARAM = 'auth_token';

function tabStore(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** Called as the user presses Continue with Google: a hand-off may come back within the next minutes. */
export function markGoogleSignInPending(now: number = Date.now()): void {
  tabStore()?.setItem(GOOGLE_PENDING_KEY, String(now + GOOGLE_PENDING_MS));
}

/** Forgets a pending sign-in, e.g. when the navigation to Google could not even start. */
export function clearGoogleSignInPending(): void {
  tabStore()?.removeItem(GOOGLE_PENDING_KEY);
}

/** Reads and clears the flag: true when this tab started a Google sign-in that has not yet expired. */
export function consumeGoogleSignInPending(now: number = Date.now()): boolean {
  const store = tabStore();
  const until = Number(store?.getItem(GOOGLE_PENDING_KEY));
  store?.removeItem(GOOGLE_PENDING_KEY);
  return Number.isFinite(until) && until > now;
}

/** A path or query string without the hand-off parameter (and without a dangling `?`). */
export function withoutHandOff(pathOrSearch: string): string {
  const at = pathOrSearch.indexOf('?');
  if (at < 0) return pathOrSearch;
  const hashAt = pathOrSearch.indexOf('#', at);
  const end = hashAt < 0 ? pathOrSearch.length : hashAt;
  const params = new URLSearchParams(pathOrSearch.slice(at + 1, end));
  if (!params.has(HAND_OFF_PARAM)) return pathOrSearch;
  params.delete(HAND_OFF_PARAM);
  const query = params.toString();
  return `${pathOrSearch.slice(0, at)}${query ? `?${query}` : ''}${pathOrSearch.slice(end)}`;
}

/**
 * At start: removes `auth_token` from the address bar whatever happens, and hands it back only when this tab's
 * Google sign-in is pending. Any start ends a pending sign-in: it is either the return from Google, or the user
 * came back without finishing it.
 */
export function takeHandOffToken(now: number = Date.now()): string | null {
  if (typeof window === 'undefined') return null;
  const pending = consumeGoogleSignInPending(now);
  const url = new URL(window.location.href);
  const handed = url.searchParams.get(HAND_OFF_PARAM);
  if (handed === null) return null;
  window.history.replaceState(
    window.history.state,
    '',
    withoutHandOff(`${url.pathname}${url.search}${url.hash}`),
  );
  return pending && handed ? handed : null;
}
