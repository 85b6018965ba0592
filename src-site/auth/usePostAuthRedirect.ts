import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { TIMINGS } from '../../src/config';
import { isLocalPath } from '../../src/contract/localPath';
import { openExtensionDashboard } from '../../src/extension/openDashboard';
import { withoutHandOff } from '../../src/session/googleHandOff';

/**
 * Where to go after signing in: the page a guard sent the visitor from (kept in the navigation state), or the
 * one a Google sign-in carried through its round trip (`?from=`), or /dashboard. Only a path on this site is
 * followed, so a crafted link cannot send a freshly signed-in user elsewhere.
 */
export function useReturnTo(): string {
  const location = useLocation();
  const fromState = (location.state as { from?: unknown } | null)?.from;
  const from = fromState ?? new URLSearchParams(location.search).get('from');
  return isLocalPath(from) ? withoutHandOff(from) : '/dashboard';
}

/**
 * docs/product.md#after-sign-in: after authentication, ask the extension to open its dashboard and follow with the web redirect
 * 2 s later; without the extension, redirect at once.
 */
export function usePostAuthRedirect(): (extraState?: Record<string, unknown>) => Promise<void> {
  const navigate = useNavigate();
  const target = useReturnTo();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  return useCallback(
    async (extraState) => {
      const result = await openExtensionDashboard();
      const go = () => navigate(target, { replace: true, state: extraState });
      if (result === 'ok') timer.current = setTimeout(go, TIMINGS.extensionRedirectMs);
      else go();
    },
    [navigate, target],
  );
}
