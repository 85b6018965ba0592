import { z } from 'zod';

/** docs/product.md#subscription-record Subscription: dates are epoch seconds. */
export const subscriptionSchema = z.object({
  status: z.enum(['trialing', 'active', 'past_due', 'canceled']),
  currentPeriodStart: z.number().int(),
  currentPeriodEnd: z.number().int(),
  cancelAtPeriodEnd: z.boolean(),
  trialEnd: z.number().int().nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/**
 * GET /billing/subscription. `complimentary` is true while an operator's Premium grant is in force: with no live
 * subscription beside it, no billing runs at all, and `subscription` is null or an old, ended one.
 */
export const subscriptionResponseSchema = z.object({
  subscription: subscriptionSchema.nullable(),
  complimentary: z.boolean(),
});
export type BillingState = z.infer<typeof subscriptionResponseSchema>;
export const subscriptionChangeResponseSchema = z.object({
  message: z.string(),
  subscription: subscriptionSchema,
});
export type SubscriptionChange = z.infer<typeof subscriptionChangeResponseSchema>;
export const portalRequestSchema = z.object({
  return_url: z.string({ message: 'return_url is required' }).url({ message: 'return_url must be a URL' }),
});
export type PortalRequest = z.infer<typeof portalRequestSchema>;
export const urlResponseSchema = z.object({ url: z.string() });
export type UrlResponse = z.infer<typeof urlResponseSchema>;
