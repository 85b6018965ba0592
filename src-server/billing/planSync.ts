import { and, eq, lte, not, sql } from 'drizzle-orm';
import type { DbContext } from '../context';
import type { AppConfig } from '../config';
import type { Db, Tx } from '../db/connect';
import { billingCustomers, subscriptions, users, type SubscriptionRow } from '../db/schema';
import { DAY_MS } from '../clock';
import { PLANS } from '../../src/config';

export type SubscriptionStatus = 'trialing' | 'active' | 'past_due' | 'canceled';

/**
 * Statuses of an open subscription: it can be cancelled, its invoice can still be paid, and a second checkout is
 * refused while it exists. Whether it still gives Premium is `givesPremium`'s question.
 */
export const LIVE_STATUSES: readonly SubscriptionStatus[] = ['trialing', 'active', 'past_due'];

export const isLive = (status: string | null | undefined): boolean =>
  LIVE_STATUSES.includes(status as SubscriptionStatus);

/** What the billing services need: the database, the clock, and the past-due grace period from the config. */
export type BillingContext = DbContext & { config: Pick<AppConfig, 'BILLING_PAST_DUE_GRACE_DAYS'> };

/**
 * Whether a subscription gives Premium at `now` (docs/product.md#subscription-lifecycle): trialing and active do;
 * past_due does for the grace period counted from when it became past due; canceled never does.
 */
export function givesPremium(
  sub: Pick<SubscriptionRow, 'status' | 'pastDueSince'> | null | undefined,
  now: Date,
  graceDays: number,
): boolean {
  if (sub?.status === 'trialing' || sub?.status === 'active') return true;
  if (sub?.status !== 'past_due' || !sub.pastDueSince) return false;
  return now.getTime() < sub.pastDueSince.getTime() + graceDays * DAY_MS;
}

/**
 * Writes the user's plan, storage limit and subscription status: Premium while the subscription gives it. An
 * operator's complimentary grant keeps premium whatever the provider says.
 */
export async function syncPlan(
  tx: Tx | Db,
  userId: string,
  status: SubscriptionStatus | null,
  premium: boolean,
  now: Date,
) {
  const [customer] = await tx
    .select({ complimentary: billingCustomers.complimentary })
    .from(billingCustomers)
    .where(eq(billingCustomers.userId, userId));
  const plan = premium || customer?.complimentary ? 'premium' : 'free';
  await tx
    .update(users)
    .set({ plan, storageLimit: PLANS[plan].storageBytes, subscriptionStatus: status, updatedAt: now })
    .where(eq(users.id, userId));
}

/**
 * Writes the user's one subscription (inserted, or replacing the last). past_due_since is set when the status
 * becomes past_due and kept while it stays so; any other status clears it.
 */
export async function upsertSubscription(
  tx: Tx,
  userId: string,
  values: Omit<typeof subscriptions.$inferInsert, 'userId' | 'pastDueSince'>,
  now: Date,
): Promise<SubscriptionRow> {
  const [row] = await tx
    .insert(subscriptions)
    .values({ userId, ...values, pastDueSince: values.status === 'past_due' ? now : null })
    .onConflictDoUpdate({
      target: subscriptions.userId,
      set: {
        ...values,
        pastDueSince: sql.raw(
          `case when excluded.status = 'past_due' then coalesce(subscriptions.past_due_since, excluded.past_due_since) end`,
        ),
      },
    })
    .returning();
  return row;
}

/** Writes the user's one subscription and the plan it gives them. */
export async function saveSubscription(
  tx: Tx,
  userId: string,
  values: Omit<typeof subscriptions.$inferInsert, 'userId' | 'pastDueSince'>,
  now: Date,
  graceDays: number,
) {
  const row = await upsertSubscription(tx, userId, values, now);
  await syncPlan(tx, userId, row.status, givesPremium(row, now, graceDays), now);
  return row;
}

/**
 * Ends Premium for subscriptions past due for longer than the grace period whose user still has it, whichever
 * provider they are on: a Stripe subscription may stay past_due with no event to tell us. Part of the billing
 * sweep. Returns how many users lost Premium.
 */
export async function endPastDueGrace({ db, clock, config }: BillingContext): Promise<number> {
  const now = clock.now();
  const cutoff = new Date(now.getTime() - config.BILLING_PAST_DUE_GRACE_DAYS * DAY_MS);
  const due = await db
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .leftJoin(billingCustomers, eq(billingCustomers.userId, subscriptions.userId))
    .where(
      and(
        eq(subscriptions.status, 'past_due'),
        lte(subscriptions.pastDueSince, cutoff),
        eq(users.plan, 'premium'),
        // An operator's grant keeps Premium: nothing to end.
        not(sql`coalesce(${billingCustomers.complimentary}, false)`),
      ),
    );
  let ended = 0;
  for (const { userId } of due) {
    await db.transaction(async (tx) => {
      // Row lock: a webhook that pays the invoice meanwhile is seen here, not overwritten.
      const [sub] = await tx
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.userId, userId))
        .for('update');
      if (!sub || givesPremium(sub, now, config.BILLING_PAST_DUE_GRACE_DAYS)) return;
      await syncPlan(tx, userId, sub.status, false, now);
      ended++;
    });
  }
  return ended;
}

/** True while an operator's Premium grant is in force for the user (billing_customers.complimentary). */
export async function hasComplimentaryGrant({ db }: DbContext, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ complimentary: billingCustomers.complimentary })
    .from(billingCustomers)
    .where(eq(billingCustomers.userId, userId));
  return row?.complimentary ?? false;
}
