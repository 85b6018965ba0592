import { useCallback, useEffect, useState } from 'react';
import type { Subscription } from '../../../src/contract/billing';
import { ApiError } from '../../../src/api/client';
import { createCheckoutSession, createPortalSession, fetchSubscription } from '../../../src/api/billing';
import { useSession } from '../../../src/session/SessionProvider';
import { useUnmountSignal } from '../useUnmountSignal';
import { BILLING_TEXT } from './billingTexts';

/**
 * Runs a billing call with the signal of the screen that makes it, so the call is aborted when that screen goes;
 * a 401 ends the session (docs/product.md#session-in-the-browser: clears the token and cached profile and tells
 * the extension LOGOUT, which the session's forget does: the server has ended it already).
 */
export function useBillingCall() {
  const { forget } = useSession();
  const signal = useUnmountSignal();
  return useCallback(
    async <T>(call: (signal: AbortSignal) => Promise<T>): Promise<T> => {
      try {
        return await call(signal());
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) forget();
        throw err;
      }
    },
    [forget, signal],
  );
}

export type SubscriptionState =
  | { kind: 'loading' }
  | { kind: 'loaded'; subscription: Subscription | null; complimentary: boolean }
  | { kind: 'error' };

/**
 * Premium granted by Postkeeper with no live subscription beside it: there are no dates to show and nothing to
 * cancel or manage.
 */
export const grantedWithoutBilling = (state: SubscriptionState): boolean =>
  state.kind === 'loaded' &&
  state.complimentary &&
  (!state.subscription || state.subscription.status === 'canceled');

/** The failure text for a billing call: the server's "not configured" answer as it is, else `fallback`. */
export function billingFailure(err: unknown, fallback: string): string {
  const notConfigured =
    err instanceof ApiError && err.status === 503 && err.serverMessage === BILLING_TEXT.notConfigured;
  return notConfigured ? BILLING_TEXT.notConfigured : fallback;
}

/** The signed-in user's subscription, reloaded whenever the plan or status in the profile changes. */
export function useSubscription(enabled: boolean) {
  const { user } = useSession();
  const call = useBillingCall();
  const [state, setState] = useState<SubscriptionState>({ kind: 'loading' });
  const key = `${user?._id ?? ''}:${user?.plan ?? ''}:${user?.subscriptionStatus ?? ''}`;
  const reload = useCallback(() => {
    if (!enabled) return;
    call(fetchSubscription).then(
      ({ subscription, complimentary }) => setState({ kind: 'loaded', subscription, complimentary }),
      () => setState({ kind: 'error' }),
    );
  }, [call, enabled]);
  useEffect(reload, [reload, key]);
  return { state, setState, reload };
}

/**
 * Opens a tab at once (inside the click, so no popup blocker stops it), then sends it to the URL the server
 * returns. On failure the tab is closed and the error rethrown.
 */
export async function openInNewTab(getUrl: () => Promise<{ url?: string }>): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const { url } = await getUrl();
    if (!url) throw new Error('No URL');
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
    } else window.location.assign(url);
  } catch (err) {
    tab?.close();
    throw err;
  }
}

/** Checkout in a new tab; the profile is reloaded when the user comes back to this tab. */
export function useStartCheckout() {
  const call = useBillingCall();
  const { refresh } = useSession();
  return useCallback(async () => {
    await openInNewTab(() => call(createCheckoutSession));
    const onFocus = () => {
      window.removeEventListener('focus', onFocus);
      void refresh();
    };
    window.addEventListener('focus', onFocus);
  }, [call, refresh]);
}

export function useOpenPortal() {
  const call = useBillingCall();
  return useCallback(
    () =>
      openInNewTab(() => call((signal) => createPortalSession({ return_url: window.location.href }, signal))),
    [call],
  );
}
