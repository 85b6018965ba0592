import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { DAY_MS } from '../clock';
import { billingCustomers, coupons, subscriptions, users } from '../db/schema';
import { PLANS } from '../../src/config';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
type Tx = Parameters<Parameters<AppContext['db']['transaction']>[0]>[0];

export const TRIAL_DAYS = PLANS.premium.trialDays;
/** Test cards of the embedded provider, as in Stripe's test mode. */
export const TEST_CARDS = { ok: '4242424242424242', declined: '4000000000000002' } as const;
const PAST_DUE_GRACE_DAYS = 14;

export const addMonth = (d: Date) => {
  const next = new Date(d);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
};
const digits = (card: string) => card.replace(/[\s-]/g, '');

/** The plan follows the subscription: premium while trialing, active or past due; free once canceled. */
export async function syncPlan(
  tx: Tx | AppContext['db'],
  userId: string,
  status: SubscriptionRow['status'],
  now: Date,
): Promise<void> {
  const plan = status === 'canceled' ? 'free' : 'premium';
  await tx
    .update(users)
    .set({
      plan,
      subscriptionStatus: status,
      storageLimit: PLANS[plan].storageBytes,
      adsDisabled: plan === 'premium',
      updatedAt: now,
    })
    .where(eq(users.id, userId));
}

/** Moves a subscription through its periods up to now: renewals, failed payments and cancellations. */
export function advance(row: SubscriptionRow, now: Date): SubscriptionRow {
  const next = { ...row };
  while (next.status !== 'canceled' && next.currentPeriodEnd.getTime() <= now.getTime()) {
    if (next.cancelAtPeriodEnd) {
      next.status = 'canceled';
      break;
    }
    if (next.cardDeclines) {
      // The invoice at the period's end failed: past due, then canceled after the grace period.
      next.status =
        now.getTime() - next.currentPeriodEnd.getTime() > PAST_DUE_GRACE_DAYS * DAY_MS
          ? 'canceled'
          : 'past_due';
      break;
    }
    next.status = 'active';
    next.currentPeriodStart = next.currentPeriodEnd;
    next.currentPeriodEnd = addMonth(next.currentPeriodEnd);
  }
  return next;
}

/** Applies the lifecycle up to the clock's now, for one user or for every due subscription. */
export async function sweep(ctx: AppContext, userId?: string): Promise<void> {
  const now = ctx.clock.now();
  const due = await ctx.db
    .select()
    .from(subscriptions)
    .where(
      and(
        lte(subscriptions.currentPeriodEnd, now),
        sql`${subscriptions.status} <> 'canceled'`,
        userId ? eq(subscriptions.userId, userId) : undefined,
      ),
    );
  for (const row of due) {
    const next = advance(row, now);
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(subscriptions)
        .set({
          status: next.status,
          currentPeriodStart: next.currentPeriodStart,
          currentPeriodEnd: next.currentPeriodEnd,
          updatedAt: now,
        })
        .where(eq(subscriptions.id, row.id));
      await syncPlan(tx, row.userId, next.status, now);
    });
  }
}

export async function findSubscription(ctx: AppContext, userId: string): Promise<SubscriptionRow | null> {
  await sweep(ctx, userId);
  const [row] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  return row ?? null;
}

export class CheckoutError extends Error {}

/**
 * Completes the embedded checkout: the test card is charged (or declined), a coupon is redeemed once, and the
 * user gets a 7-day trial on their first subscription only. Everything in one transaction.
 */
export async function completeCheckout(
  ctx: AppContext,
  userId: string,
  input: { card: string; coupon?: string },
): Promise<SubscriptionRow> {
  const card = digits(input.card);
  if (card === TEST_CARDS.declined)
    throw new CheckoutError('Your card was declined. Please use another card.');
  if (card !== TEST_CARDS.ok)
    throw new CheckoutError('This card number is not valid. Use the test card 4242 4242 4242 4242.');
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    if (current && current.status !== 'canceled')
      throw new CheckoutError('You already have an active subscription.');
    const code = input.coupon?.trim().toUpperCase();
    if (code) {
      // Only an active, unexpired coupon under its limit; the count goes up in the same statement that checks it.
      const redeemed = await tx
        .update(coupons)
        .set({ usedCount: sql`${coupons.usedCount} + 1` })
        .where(
          and(
            eq(coupons.code, code),
            eq(coupons.isActive, true),
            or(isNull(coupons.expiresAt), gt(coupons.expiresAt, now)),
            or(isNull(coupons.usageLimit), sql`${coupons.usedCount} < ${coupons.usageLimit}`),
          ),
        )
        .returning({ id: coupons.id });
      if (!redeemed.length) throw new CheckoutError('This coupon code is not valid.');
    }
    const [customer] = await tx.select().from(billingCustomers).where(eq(billingCustomers.userId, userId));
    const trial = !customer?.trialUsedAt;
    const end = trial ? new Date(now.getTime() + TRIAL_DAYS * DAY_MS) : addMonth(now);
    const values = {
      userId,
      provider: 'local' as const,
      status: (trial ? 'trialing' : 'active') as SubscriptionRow['status'],
      currentPeriodStart: now,
      currentPeriodEnd: end,
      cancelAtPeriodEnd: false,
      trialEnd: trial ? end : null,
      cardLast4: card.slice(-4),
      cardDeclines: false,
      updatedAt: now,
    };
    const [row] = await tx
      .insert(subscriptions)
      .values(values)
      .onConflictDoUpdate({ target: subscriptions.userId, set: values })
      .returning();
    await tx
      .insert(billingCustomers)
      .values({ userId, trialUsedAt: trial ? now : null })
      .onConflictDoUpdate({
        target: billingCustomers.userId,
        set: trial ? { trialUsedAt: now } : { userId },
      });
    await syncPlan(tx, userId, row.status, now);
    return row;
  });
}

/** Cancel at period end (true) or take the cancellation back (false). */
export async function setCancelAtPeriodEnd(
  ctx: AppContext,
  userId: string,
  cancel: boolean,
): Promise<SubscriptionRow | null> {
  await sweep(ctx, userId);
  const [row] = await ctx.db
    .update(subscriptions)
    .set({ cancelAtPeriodEnd: cancel, updatedAt: ctx.clock.now() })
    .where(and(eq(subscriptions.userId, userId), sql`${subscriptions.status} <> 'canceled'`))
    .returning();
  return row ?? null;
}

/** Replaces the test card; a past-due subscription is charged at once and becomes active again. */
export async function changeCard(
  ctx: AppContext,
  userId: string,
  cardInput: string,
): Promise<SubscriptionRow> {
  const card = digits(cardInput);
  if (card !== TEST_CARDS.ok && card !== TEST_CARDS.declined)
    throw new CheckoutError('This card number is not valid. Use the test card 4242 4242 4242 4242.');
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    if (!row || row.status === 'canceled') throw new CheckoutError('There is no subscription to update.');
    const declines = card === TEST_CARDS.declined;
    const recovered = row.status === 'past_due' && !declines;
    const [updated] = await tx
      .update(subscriptions)
      .set({
        cardLast4: card.slice(-4),
        cardDeclines: declines,
        updatedAt: now,
        ...(recovered
          ? { status: 'active' as const, currentPeriodStart: now, currentPeriodEnd: addMonth(now) }
          : {}),
      })
      .where(eq(subscriptions.id, row.id))
      .returning();
    if (recovered) await syncPlan(tx, userId, 'active', now);
    return updated;
  });
}
