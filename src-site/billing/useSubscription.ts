import { useCallback, useEffect, useRef, useState } from 'react';
import type { Subscription } from '../../src/contract/billing';
import { fetchSubscription } from '../../src/api/billing';
import { useSession } from '../../src/session/SessionProvider';

/**
 * The signed-in user's subscription. It reloads, with the profile, whenever the window regains focus, so the
 * plan shows up without a manual reload after checkout in the other tab.
 */
export function useSubscription() {
  const { status, user, refresh } = useSession();
  const [subscription, setSubscription] = useState<Subscription | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  // The session's refresh changes identity with every session update; the focus handler only needs the latest.
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;

  const load = useCallback(async () => {
    try {
      setSubscription(await fetchSubscription());
      setFailed(false);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    if (status !== 'authenticated') return;
    void load();
    const onFocus = () => {
      void refreshRef.current();
      void load();
    };
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [status, user?._id, load]);

  return { subscription, setSubscription, loading, failed, reload: load };
}
