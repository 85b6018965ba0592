import { z } from 'zod';

/** SPEC §3 subscription; dates are epoch seconds. */
export const subscriptionSchema = z.object({
  status: z.enum(['trialing', 'active', 'past_due', 'canceled']),
  currentPeriodStart: z.number(),
  currentPeriodEnd: z.number(),
  cancelAtPeriodEnd: z.boolean(),
  trialEnd: z.number().nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const portalRequestSchema = z.object({
  return_url: z.string({ error: 'return_url is required' }).min(1, { error: 'return_url is required' }),
});
export const urlResponseSchema = z.object({ url: z.string() });
