import { z } from 'zod';

// Shapes that the server validates with and the browser types against (browser code imports these as types only,
// so zod never reaches the landing bundle).

export const subscriptionStatusSchema = z.enum(['active', 'trialing', 'past_due', 'canceled']);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;
export const planSchema = z.enum(['free', 'premium']);
export type Plan = z.infer<typeof planSchema>;

/** docs/product.md#user-profile user / profile. */
export const profileSchema = z.object({
  _id: z.string(),
  displayName: z.string(),
  name: z.string(),
  email: z.string(),
  plan: planSchema,
  subscriptionStatus: subscriptionStatusSchema.nullable(),
  role: z.string(),
  emailVerified: z.boolean(),
  adsDisabled: z.boolean(),
  storageUsed: z.number(),
  storageLimit: z.number(),
  createdAt: z.string(),
  flaggedForAbuse: z.boolean(),
  lastFlaggedReason: z.string().nullable(),
  flaggedAt: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;
