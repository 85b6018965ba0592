import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { LoginBody, RegisterBody } from '../contract/auth';
import type { Profile } from '../contract/user';
import { ApiError } from '../api/client';
import { exchangeGoogleCode, fetchProfile, loginRequest, registerRequest } from '../api/auth';
import { clearStoredSession, readToken, TOKEN_KEY, writeCachedProfile, writeToken } from './storage';
import { forgetSession, signOut } from './signOut';
import { SESSION_TEXT } from './sessionMessages';
import { takeHandOffToken } from './googleHandOff';

export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface Session {
  status: SessionStatus;
  user: Profile | null;
  /** The last session error, e.g. 'Failed to fetch user profile'. */
  error: string | null;
  /** `signal` is the signing-in screen's: the call is aborted when that screen goes. */
  login(body: LoginBody, signal?: AbortSignal): Promise<void>;
  register(body: RegisterBody, signal?: AbortSignal): Promise<void>;
  /**
   * Logout: ends the session on the server, then in this browser whatever the server answered, and tells the
   * extension (`signOut`). Resolves once this browser is signed out.
   */
  logout(): Promise<void>;
  /** Forgets the session in this browser only, for when the server has already ended it; tells the extension. */
  forget(): void;
  /** Reloads the profile, e.g. after a plan change. */
  refresh(): Promise<void>;
  /**
   * True when this page load took a Google sign-in hand-off, until the sign-in screen has finished it (asked
   * the extension to open its dashboard and sent the user on) and calls `finishGoogleHandOff`.
   */
  googleHandOff: boolean;
  finishGoogleHandOff(): void;
}

const SessionContext = createContext<Session | null>(null);

type HandOffResult = 'none' | 'signed-in' | 'failed';

let leaving = false;
if (typeof window !== 'undefined') {
  const leave = () => {
    leaving = true;
  };
  window.addEventListener('beforeunload', leave);
  window.addEventListener('pagehide', leave);
  // Back from the page cache: this page is showing again.
  window.addEventListener('pageshow', () => {
    leaving = false;
  });
}
/** True once the page has started to unload; the browser then aborts its requests. */
const isLeavingPage = () => leaving;

/** Trades the Google callback's one-time code for a session token and stores it; a refused code leaves any stored session. */
async function tradeHandOff(code: string | null): Promise<HandOffResult> {
  if (!code) return 'none';
  try {
    writeToken((await exchangeGoogleCode(code)).token);
    return 'signed-in';
  } catch {
    return 'failed';
  }
}

/**
 * docs/product.md#session-in-the-browser session: starts loading and unauthenticated (the same on the server and in the first client render),
 * then resolves from the URL's auth_token or the stored authToken through GET /auth/me. The URL's auth_token is a
 * one-time code: always removed from the address bar, and traded for a session token only when it is the answer
 * to this tab's own Google sign-in; otherwise the session already stored stays.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ status: SessionStatus; user: Profile | null; error: string | null }>({
    status: 'loading',
    user: null,
    error: null,
  });
  const [googleHandOff, setGoogleHandOff] = useState(false);
  const generation = useRef(0);
  const handOffRef = useRef<Promise<HandOffResult> | null>(null);

  const loadProfile = useCallback(async (token: string): Promise<Profile> => {
    const mine = ++generation.current;
    try {
      const profile = await fetchProfile(token);
      writeCachedProfile(profile);
      if (mine === generation.current) setState({ status: 'authenticated', user: profile, error: null });
      return profile;
    } catch {
      // A reload or a link cuts off the call in flight: that is the page going away, not a failed profile.
      if (isLeavingPage()) throw new Error(SESSION_TEXT.profileFailed);
      clearStoredSession();
      if (mine === generation.current)
        setState({ status: 'unauthenticated', user: null, error: SESSION_TEXT.profileFailed });
      throw new Error(SESSION_TEXT.profileFailed);
    }
  }, []);

  useEffect(() => {
    let live = true;
    // Once per mount, even when React runs this effect twice: the code in the address bar works only once.
    const handOff = (handOffRef.current ??= tradeHandOff(takeHandOffToken()));
    const start = async () => {
      const traded = await handOff;
      if (!live) return;
      const token = readToken();
      // The sign-in screen finishes a hand-off: onwards when it worked, saying so when it failed a signed-out tab.
      if (traded === 'signed-in' || (traded === 'failed' && !token)) setGoogleHandOff(true);
      if (!token)
        setState({
          status: 'unauthenticated',
          user: null,
          error: traded === 'failed' ? SESSION_TEXT.googleFailed : null,
        });
      else loadProfile(token).catch(() => undefined);
    };
    void start();
    // Signing out in another tab signs out here too.
    const onStorage = (e: StorageEvent) => {
      if (e.key === TOKEN_KEY && !e.newValue)
        setState({ status: 'unauthenticated', user: null, error: null });
    };
    window.addEventListener('storage', onStorage);
    return () => {
      live = false;
      window.removeEventListener('storage', onStorage);
    };
  }, [loadProfile]);

  const authenticate = useCallback(
    async (call: () => Promise<{ token?: string }>, fallback: string) => {
      let token: string | undefined;
      try {
        token = (await call())?.token;
      } catch (err) {
        // Aborted because its screen went: nobody is left to read a failure text.
        if ((err as Error)?.name === 'AbortError') throw err;
        throw new Error(err instanceof ApiError && err.serverMessage ? err.serverMessage : fallback);
      }
      if (!token) throw new Error(SESSION_TEXT.noToken);
      writeToken(token);
      await loadProfile(token);
    },
    [loadProfile],
  );

  const signedOut = useCallback(() => {
    // A profile load still on its way must not sign the user back in.
    generation.current++;
    setState({ status: 'unauthenticated', user: null, error: null });
  }, []);

  const session = useMemo<Session>(
    () => ({
      ...state,
      googleHandOff,
      finishGoogleHandOff: () => setGoogleHandOff(false),
      login: (body, signal) => authenticate(() => loginRequest(body, signal), SESSION_TEXT.loginFailed),
      register: (body, signal) =>
        authenticate(() => registerRequest(body, signal), SESSION_TEXT.registrationFailed),
      logout: async () => {
        await signOut();
        signedOut();
      },
      forget: () => {
        forgetSession();
        signedOut();
      },
      refresh: async () => {
        const token = readToken();
        if (token) await loadProfile(token).catch(() => undefined);
      },
    }),
    [state, googleHandOff, authenticate, loadProfile, signedOut],
  );

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
