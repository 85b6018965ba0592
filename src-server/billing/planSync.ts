import { eq } from 'drizzle-orm';
import type { DbContext } from '../context';
import type { Db, Tx } from '../db/connect';
import { billingCustomers, subscriptions, users } from '../db/schema';
import { PLANS } from '../../src/config';

export type SubscriptionStatus = 'trialing' | 'active' | 'past_due' | 'canceled';

/** Statuses in which the subscriber keeps premium (docs/product.md#subscription-lifecycle: only canceled loses it). */
export const LIVE_STATUSES: readonly SubscriptionStatus[] = ['trialing', 'active', 'past_due'];

export const isLive = (status: string | null | undefined): boolean =>
  LIVE_STATUSES.includes(status as SubscriptionStatus);

/**
 * Writes the user's plan, storage limit and status from the subscription status. An operator's complimentary
 * grant keeps premium whatever the provider says.
 */
export async function syncPlan(tx: Tx | Db, userId: string, status: SubscriptionStatus | null, now: Date) {
  const [customer] = await tx
    .select({ complimentary: billingCustomers.complimentary })
    .from(billingCustomers)
    .where(eq(billingCustomers.userId, userId));
  const plan = isLive(status) || customer?.complimentary ? 'premium' : 'free';
  await tx
    .update(users)
    .set({ plan, storageLimit: PLANS[plan].storageBytes, subscriptionStatus: status, updatedAt: now })
    .where(eq(users.id, userId));
}

/** Writes the user's one subscription (inserted, or replacing the last) and the plan it gives them. */
export async function saveSubscription(
  tx: Tx,
  userId: string,
  values: Omit<typeof subscriptions.$inferInsert, 'userId'>,
  now: Date,
) {
  const [row] = await tx
    .insert(subscriptions)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: subscriptions.userId, set: values })
    .returning();
  await syncPlan(tx, userId, row.status, now);
  return row;
}

/** True while an operator's Premium grant is in force for the user (billing_customers.complimentary). */
export async function hasComplimentaryGrant({ db }: DbContext, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ complimentary: billingCustomers.complimentary })
    .from(billingCustomers)
    .where(eq(billingCustomers.userId, userId));
  return row?.complimentary ?? false;
}
