import type { Subscription, UrlResponse } from '../contract/billing';
import { ApiError, request } from './client';

/** The subscription, or null when the account has none (404). */
export async function fetchSubscription(): Promise<Subscription | null> {
  try {
    return (await request<{ subscription: Subscription }>('/billing/subscription')).subscription;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

export const createPortalSession = (returnUrl: string) =>
  request<UrlResponse>('/billing/create-portal-session', { method: 'POST', body: { return_url: returnUrl } });

export const cancelSubscription = () =>
  request<{ message: string; subscription: Subscription }>('/billing/cancel-subscription', {
    method: 'POST',
  });

export const reactivateSubscription = () =>
  request<{ message: string; subscription: Subscription }>('/billing/reactivate-subscription', {
    method: 'POST',
  });

/** The checkout page's URL; the bearer header travels in the request, never in the URL. */
export const createCheckoutSession = () => request<UrlResponse>('/auth/stripe/create-checkout-session');
