import type { BillingState, PortalRequest, SubscriptionChange, UrlResponse } from '../contract/billing';
import { ApiError, request } from './client';

// Answers are the contract's (src/contract/billing.ts), as types only. Each call takes its screen's signal, so
// one still on its way when the screen goes is aborted.

/**
 * The subscription (null when the account has none: a 404), and whether Premium is an operator's grant with no
 * billing behind it.
 */
export async function fetchSubscription(signal?: AbortSignal): Promise<BillingState> {
  try {
    return await request<BillingState>('/billing/subscription', { signal });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return { subscription: null, complimentary: false };
    throw err;
  }
}

export const createPortalSession = (body: PortalRequest, signal?: AbortSignal) =>
  request<UrlResponse>('/billing/create-portal-session', { method: 'POST', body, signal });

export const cancelSubscription = (signal?: AbortSignal) =>
  request<SubscriptionChange>('/billing/cancel-subscription', { method: 'POST', signal });

export const reactivateSubscription = (signal?: AbortSignal) =>
  request<SubscriptionChange>('/billing/reactivate-subscription', { method: 'POST', signal });

/** The checkout page's URL; the bearer header travels in the request, never in the URL. */
export const createCheckoutSession = (signal?: AbortSignal) =>
  request<UrlResponse>('/auth/stripe/create-checkout-session', { signal });
