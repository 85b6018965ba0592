import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { TIMINGS } from '../../src/config';
import { sendToExtension } from '../../src/extension/bridge';

/** Where a guard sent the visitor from, kept in the navigation state. */
export function useReturnTo(): string {
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  return from && from.startsWith('/') && !from.startsWith('//') ? from : '/dashboard';
}

/**
 * SPEC §2: after authentication, ask the extension to open its dashboard and follow with the web redirect
 * 2 s later; without the extension, redirect at once.
 */
export function usePostAuthRedirect(): (extraState?: Record<string, unknown>) => Promise<void> {
  const navigate = useNavigate();
  const target = useReturnTo();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  return useCallback(
    async (extraState) => {
      const result = await sendToExtension('openDashboard');
      const go = () => navigate(target, { replace: true, state: extraState });
      if (result === 'ok') timer.current = setTimeout(go, TIMINGS.extensionRedirectMs);
      else go();
    },
    [navigate, target],
  );
}
