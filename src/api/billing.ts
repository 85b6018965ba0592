import type { Subscription } from '../contract/billing';
import { ApiError, request } from './client';
import { clearStoredSession } from '../session/storage';
import { sendToExtension } from '../extension/bridge';

/** SPEC §4: a 401 from a billing call ends the session here and tells the extension. */
async function billingCall<T>(path: string, init: Parameters<typeof request>[1] = {}): Promise<T> {
  try {
    return await request<T>(path, init);
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      clearStoredSession();
      void sendToExtension('LOGOUT');
    }
    throw err;
  }
}

/** The subscription, or null when the user never subscribed (404). */
export async function fetchSubscription(): Promise<Subscription | null> {
  try {
    return (await billingCall<{ subscription: Subscription }>('/billing/subscription')).subscription;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

export const createPortalSession = (returnUrl: string) =>
  billingCall<{ url: string }>('/billing/create-portal-session', {
    method: 'POST',
    body: { return_url: returnUrl },
  });
export const cancelSubscription = () =>
  billingCall<{ message: string; subscription: Subscription }>('/billing/cancel-subscription', {
    method: 'POST',
  });
export const reactivateSubscription = () =>
  billingCall<{ message: string; subscription: Subscription }>('/billing/reactivate-subscription', {
    method: 'POST',
  });
export const createCheckoutSession = () =>
  billingCall<{ url: string }>('/auth/stripe/create-checkout-session');

/**
 * Opens a blank tab at once (inside the click, so no popup blocker stops it), then sends it to the URL the
 * API answers with. The session token never appears in a URL.
 */
export async function openInNewTab(getUrl: () => Promise<{ url: string }>): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const { url } = await getUrl();
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
    } else window.location.assign(url);
  } catch (err) {
    tab?.close();
    throw err;
  }
}
