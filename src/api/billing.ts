import type { BillingState, Subscription, UrlResponse } from '../contract/billing';
import { ApiError, request } from './client';

/**
 * The subscription (null when the account has none: a 404), and whether Premium is an operator's grant with no
 * billing behind it.
 */
export async function fetchSubscription(): Promise<BillingState> {
  try {
    return await request<BillingState>('/billing/subscription');
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return { subscription: null, complimentary: false };
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
