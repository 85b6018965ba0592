import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DbContext } from '../context';
import { billingCustomers, coupons, subscriptions, users, type SubscriptionRow } from '../db/schema';
import { badRequest, conflict, notFound } from '../errors';
import { PLANS } from '../../src/config';
import {
  LIVE_STATUSES,
  givesPremium,
  syncPlan,
  upsertSubscription,
  type BillingContext,
  type SubscriptionStatus,
} from './planSync';
import type { Tx } from '../db/connect';

export const PRICE_CENTS = 899;
export const TRIAL_DAYS = PLANS.premium.trialDays;
const DAY_MS = 86_400_000;

export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
} as const;

export const CARD_DECLINED = 'Your card was declined. Please use another card.';
export const CARD_INVALID = 'Card number is not a valid test card. Use 4242 4242 4242 4242.';
export const COUPON_INVALID = 'This coupon code is not valid.';
export const NO_SUBSCRIPTION = 'No subscription found for this account.';
export const ALREADY_SUBSCRIBED = 'You already have an active subscription.';

/** Adds one calendar month, clamped to the last day of a shorter month. */
export function addMonth(date: Date): Date {
  const d = new Date(date.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + 1);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/** Digits only; returns the card kind or throws the page's message. */
export function checkCard(cardNumber: string): '4242' | '0002' {
  const digits = cardNumber.replace(/[\s-]/g, '');
  if (digits === TEST_CARDS.success) return '4242';
  if (digits === TEST_CARDS.declined) throw badRequest(CARD_DECLINED);
  throw badRequest(CARD_INVALID);
}

function discounted(type: 'percentage' | 'fixed', amount: number): number {
  const cents =
    type === 'percentage'
      ? Math.round(PRICE_CENTS * (1 - amount / 100))
      : PRICE_CENTS - Math.round(amount * 100);
  return Math.max(0, cents);
}

/** Redeems a coupon in the caller's transaction: one conditional increment, so two checkouts cannot overrun it. */
async function redeemCoupon(tx: Tx, code: string, now: Date) {
  const [coupon] = await tx
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    .where(
      and(
        eq(coupons.code, code.trim().toUpperCase()),
        eq(coupons.isActive, true),
        sql`(${coupons.expiresAt} is null or ${coupons.expiresAt} > ${now.toISOString()})`,
        sql`(${coupons.usageLimit} is null or ${coupons.usedCount} < ${coupons.usageLimit})`,
      ),
    )
    .returning();
  if (!coupon) throw badRequest(COUPON_INVALID);
  return coupon;
}

/**
 * Completes the embedded checkout: the first subscription gets the 7-day trial, later ones start active and
 * are charged at once. A declined card changes nothing.
 */
export async function completeLocalCheckout(
  { db, clock }: DbContext,
  userId: string,
  input: { cardNumber: string; couponCode?: string },
): Promise<SubscriptionRow> {
  const card = checkCard(input.cardNumber);
  const now = clock.now();
  return db.transaction(async (tx) => {
    // One checkout per user at a time: a second one (another tab) waits here and then sees the first's subscription.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [existing] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    if (existing && LIVE_STATUSES.includes(existing.status)) throw conflict(ALREADY_SUBSCRIBED);
    const [customer] = await tx.select().from(billingCustomers).where(eq(billingCustomers.userId, userId));
    const code = input.couponCode?.trim();
    const coupon = code ? await redeemCoupon(tx, code, now) : null;
    const amountCents = coupon ? discounted(coupon.discountType, coupon.amount) : PRICE_CENTS;
    const trial = !customer?.trialUsed;
    const periodEnd = trial ? new Date(now.getTime() + TRIAL_DAYS * DAY_MS) : addMonth(now);
    await tx
      .insert(billingCustomers)
      .values({
        userId,
        providerCustomerId: `cus_local_${userId}`,
        trialUsed: true,
        cardLast4: card,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: billingCustomers.userId,
        set: { trialUsed: true, cardLast4: card, updatedAt: now },
      });
    const values = {
      provider: 'local' as const,
      providerSubscriptionId: `sub_local_${userId}`,
      status: (trial ? 'trialing' : 'active') as SubscriptionStatus,
      currentPeriodStart: now,
      currentPeriodEnd: periodEnd,
      cancelAtPeriodEnd: false,
      trialEnd: trial ? periodEnd : null,
      amountCents,
      couponCode: coupon?.code ?? null,
      updatedAt: now,
    };
    const row = await upsertSubscription(tx, userId, values, now);
    // A new subscription starts trialing or active: Premium.
    await syncPlan(tx, userId, row.status, true, now);
    return row;
  });
}

/** Sets or clears cancel-at-period-end on a live subscription. */
export async function setCancelAtPeriodEnd(ctx: BillingContext, userId: string, cancel: boolean) {
  const { db, clock } = ctx;
  await advanceSubscriptions(ctx, userId);
  const now = clock.now();
  const [row] = await db
    .update(subscriptions)
    .set({ cancelAtPeriodEnd: cancel, updatedAt: now })
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...LIVE_STATUSES])))
    .returning();
  if (!row) throw notFound(NO_SUBSCRIPTION);
  return row;
}

/** Changes the embedded provider's card; a past-due subscription is retried at the next sweep. */
export async function changeLocalCard(ctx: BillingContext, userId: string, cardNumber: string) {
  const { db, clock } = ctx;
  const card = checkCard(cardNumber);
  const updated = await db
    .update(billingCustomers)
    .set({ cardLast4: card, updatedAt: clock.now() })
    .where(eq(billingCustomers.userId, userId))
    .returning();
  if (!updated.length) throw notFound(NO_SUBSCRIPTION);
  await advanceSubscriptions(ctx, userId);
}

/**
 * Moves due subscriptions forward to the clock's now: at a period end a pending cancel ends the subscription;
 * otherwise the invoice is charged to the card on file, which renews the period (trialing/past_due → active) or,
 * when declined, leaves it past_due until the card is changed. A past_due subscription is due at every run, so its
 * Premium ends here once the grace period since the failed charge is over. Runs periodically and before every read.
 */
export async function advanceSubscriptions(
  { db, clock, config }: BillingContext,
  userId?: string,
): Promise<number> {
  const now = clock.now();
  const due = await db
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, 'local'),
        inArray(subscriptions.status, [...LIVE_STATUSES]),
        lte(subscriptions.currentPeriodEnd, now),
        userId ? eq(subscriptions.userId, userId) : undefined,
      ),
    );
  for (const { userId: id } of due) {
    await db.transaction(async (tx) => {
      // Row lock: a sweep and a read-triggered advance never renew the same period twice.
      const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, id)).for('update');
      if (!sub || !LIVE_STATUSES.includes(sub.status) || sub.currentPeriodEnd > now) return;
      const [customer] = await tx.select().from(billingCustomers).where(eq(billingCustomers.userId, id));
      let { status, currentPeriodStart, currentPeriodEnd } = sub;
      let pastDueSince: Date | null = null;
      while (currentPeriodEnd <= now) {
        if (sub.cancelAtPeriodEnd) {
          status = 'canceled';
          break;
        }
        const paid = sub.amountCents === 0 || customer?.cardLast4 === '4242';
        if (!paid) {
          status = 'past_due';
          // The grace period runs from the charge that failed, however late a read or sweep notices it.
          pastDueSince = sub.pastDueSince ?? currentPeriodEnd;
          break;
        }
        status = 'active';
        currentPeriodStart = currentPeriodEnd;
        currentPeriodEnd = addMonth(currentPeriodEnd);
      }
      await tx
        .update(subscriptions)
        .set({ status, currentPeriodStart, currentPeriodEnd, pastDueSince, updatedAt: now })
        .where(eq(subscriptions.userId, id));
      const premium = givesPremium({ status, pastDueSince }, now, config.BILLING_PAST_DUE_GRACE_DAYS);
      await syncPlan(tx, id, status, premium, now);
    });
  }
  return due.length;
}

/** The subscription after bringing it up to date, or null. */
export async function findSubscription(ctx: BillingContext, userId: string) {
  await advanceSubscriptions(ctx, userId);
  const { db } = ctx;
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row ?? null;
}

/** Refuses a new checkout with 409 while the user has a live subscription (after bringing it up to date). */
export async function assertNoLiveSubscription(ctx: BillingContext, userId: string): Promise<void> {
  await advanceSubscriptions(ctx, userId);
  const { db } = ctx;
  const [row] = await db
    .select({ status: subscriptions.status })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...LIVE_STATUSES])));
  if (row) throw conflict(ALREADY_SUBSCRIBED);
}
