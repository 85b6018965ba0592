import Stripe from 'stripe';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/connect';
import type { Clock } from '../clock';
import type { AppConfig } from '../config';
import { billingCustomers, billingEvents, subscriptions, users } from '../db/schema';
import { badRequest, conflict, notFound, unavailable } from '../errors';
import { ALREADY_SUBSCRIBED, NO_SUBSCRIPTION, TRIAL_DAYS } from './localBilling';
import { LIVE_STATUSES, saveSubscription, type SubscriptionStatus } from './planSync';
import { toSubscription, type BillingProvider } from './provider';

export function stripeClient(config: AppConfig): Stripe {
  const opts: Stripe.StripeConfig = { maxNetworkRetries: 0 };
  if (config.STRIPE_API_BASE) {
    // Tests point the SDK at a local fake.
    const u = new URL(config.STRIPE_API_BASE);
    opts.host = u.hostname;
    opts.port = Number(u.port || (u.protocol === 'https:' ? 443 : 80));
    opts.protocol = u.protocol === 'http:' ? 'http' : 'https';
  }
  return new Stripe(config.STRIPE_SECRET_KEY ?? '', opts);
}

/**
 * Stripe's statuses that are not ours count as ended: `unpaid` (Stripe stopped retrying), `incomplete` and
 * `incomplete_expired` (the first payment never went through) and `paused`. Should Stripe later collect the
 * invoice, its update re-reads the subscription as active.
 */
function mapStatus(status: Stripe.Subscription.Status): SubscriptionStatus {
  if (status === 'trialing' || status === 'active' || status === 'past_due' || status === 'canceled')
    return status;
  return 'canceled';
}

const fromEpoch = (s: number | null | undefined) => (s ? new Date(s * 1000) : null);

/** Period fields moved onto subscription items in newer API versions; read either. */
function period(sub: Stripe.Subscription): { start: Date; end: Date } {
  const item = sub.items?.data?.[0] as
    | { current_period_start?: number; current_period_end?: number }
    | undefined;
  const legacy = sub as unknown as { current_period_start?: number; current_period_end?: number };
  const start =
    fromEpoch(item?.current_period_start ?? legacy.current_period_start) ?? new Date(sub.created * 1000);
  const end = fromEpoch(item?.current_period_end ?? legacy.current_period_end) ?? start;
  return { start, end };
}

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));

/** The subscription id an event is about, for the events this app handles. */
function subscriptionIdOf(event: Stripe.Event): string | null {
  const obj = event.data.object as unknown as Record<string, unknown>;
  switch (event.type) {
    case 'checkout.session.completed':
      return idOf(obj.subscription as string | null);
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return obj.id as string;
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const parent = obj.parent as {
        subscription_details?: { subscription?: string | { id: string } };
      } | null;
      return idOf((obj.subscription as string | null) ?? parent?.subscription_details?.subscription);
    }
    default:
      return null;
  }
}

export function stripeProvider(deps: {
  db: Db;
  clock: Clock;
  config: AppConfig;
  stripe?: Stripe;
}): BillingProvider & {
  handleWebhook(
    rawBody: Buffer,
    signature: string | undefined,
  ): Promise<{ received: true; duplicate?: true }>;
} {
  const { db, clock, config } = deps;
  const stripe = deps.stripe ?? stripeClient(config);

  async function customerFor(userId: string): Promise<{ customerId: string; trialUsed: boolean }> {
    const [row] = await db.select().from(billingCustomers).where(eq(billingCustomers.userId, userId));
    if (row?.providerCustomerId) return { customerId: row.providerCustomerId, trialUsed: row.trialUsed };
    const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    const customer = await stripe.customers.create({ email: user?.email, metadata: { userId } });
    await db
      .insert(billingCustomers)
      .values({ userId, providerCustomerId: customer.id })
      .onConflictDoUpdate({ target: billingCustomers.userId, set: { providerCustomerId: customer.id } });
    return { customerId: customer.id, trialUsed: row?.trialUsed ?? false };
  }

  async function liveRow(userId: string) {
    const [row] = await db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...LIVE_STATUSES])));
    if (!row?.providerSubscriptionId) throw notFound(NO_SUBSCRIPTION);
    return row;
  }

  /** Writes Stripe's current view of a subscription, and the plan that follows from it, in one transaction. */
  async function apply(sub: Stripe.Subscription, eventId?: string, eventType?: string) {
    const customerId = idOf(sub.customer);
    let userId = sub.metadata?.userId ?? null;
    if (!userId && customerId) {
      const [c] = await db
        .select({ userId: billingCustomers.userId })
        .from(billingCustomers)
        .where(eq(billingCustomers.providerCustomerId, customerId));
      userId = c?.userId ?? null;
    }
    const now = clock.now();
    return db.transaction(async (tx) => {
      if (eventId) {
        const inserted = await tx
          .insert(billingEvents)
          .values({ id: eventId, type: eventType ?? '', receivedAt: now })
          .onConflictDoNothing()
          .returning();
        if (!inserted.length) return null;
      }
      if (!userId) return null;
      const { start, end } = period(sub);
      const values = {
        provider: 'stripe' as const,
        providerSubscriptionId: sub.id,
        status: mapStatus(sub.status),
        currentPeriodStart: start,
        currentPeriodEnd: end,
        cancelAtPeriodEnd: sub.cancel_at_period_end,
        trialEnd: fromEpoch(sub.trial_end),
        updatedAt: now,
      };
      await tx
        .insert(billingCustomers)
        .values({ userId, providerCustomerId: customerId, trialUsed: true })
        .onConflictDoUpdate({ target: billingCustomers.userId, set: { trialUsed: true, updatedAt: now } });
      return saveSubscription(tx, userId, values, now, config.BILLING_PAST_DUE_GRACE_DAYS);
    });
  }

  return {
    async createCheckoutSession(userId) {
      // Stripe would happily start a second subscription: refuse while one is live, as the embedded provider does.
      const [live] = await db
        .select({ status: subscriptions.status })
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...LIVE_STATUSES])));
      if (live) throw conflict(ALREADY_SUBSCRIBED);
      const { customerId, trialUsed } = await customerFor(userId);
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customerId,
        client_reference_id: userId,
        line_items: [{ price: config.STRIPE_PRICE_ID, quantity: 1 }],
        allow_promotion_codes: true,
        subscription_data: { metadata: { userId }, ...(trialUsed ? {} : { trial_period_days: TRIAL_DAYS }) },
        success_url: `${config.webUrl}/dashboard`,
        cancel_url: `${config.webUrl}/upgrade`,
      });
      if (!session.url) throw unavailable('Checkout is unavailable. Please try again.');
      return { url: session.url };
    },
    async createPortalSession(userId, returnUrl) {
      const [row] = await db.select().from(billingCustomers).where(eq(billingCustomers.userId, userId));
      if (!row?.providerCustomerId) throw notFound(NO_SUBSCRIPTION);
      const session = await stripe.billingPortal.sessions.create({
        customer: row.providerCustomerId,
        return_url: returnUrl,
      });
      return { url: session.url };
    },
    async cancelAtPeriodEnd(userId) {
      const row = await liveRow(userId);
      const sub = await stripe.subscriptions.update(row.providerSubscriptionId!, {
        cancel_at_period_end: true,
      });
      return toSubscription((await apply(sub))!);
    },
    async reactivate(userId) {
      const row = await liveRow(userId);
      const sub = await stripe.subscriptions.update(row.providerSubscriptionId!, {
        cancel_at_period_end: false,
      });
      return toSubscription((await apply(sub))!);
    },
    async getSubscription(userId) {
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
      return row ? toSubscription(row) : null;
    },
    /**
     * Verifies the signature on the raw body (no secret: refuse everything), skips events already applied,
     * and re-reads the subscription from Stripe so events arriving out of order still leave the latest state.
     */
    async handleWebhook(rawBody, signature) {
      const secret = config.STRIPE_WEBHOOK_SECRET;
      if (!secret) throw unavailable('Billing webhooks are not configured.');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', secret);
      } catch {
        throw badRequest('Invalid webhook signature');
      }
      const [seen] = await db.select().from(billingEvents).where(eq(billingEvents.id, event.id));
      if (seen) return { received: true, duplicate: true };
      const subscriptionId = subscriptionIdOf(event);
      if (!subscriptionId) {
        await db.insert(billingEvents).values({ id: event.id, type: event.type }).onConflictDoNothing();
        return { received: true };
      }
      const sub = await stripe.subscriptions.retrieve(subscriptionId);
      const row = await apply(sub, event.id, event.type);
      return row === null ? { received: true, duplicate: true } : { received: true };
    },
  };
}
