import type { Subscription } from '../../src/contract/billing';
import type { Db } from '../db/connect';
import type { Clock } from '../clock';
import type { AppConfig } from '../config';
import { subscriptions, type SubscriptionRow } from '../db/schema';
import { eq } from 'drizzle-orm';
import { notFound, unavailable } from '../errors';
import {
  NO_SUBSCRIPTION,
  assertNoLiveSubscription,
  findSubscription,
  setCancelAtPeriodEnd,
} from './localBilling';
import { createPageSession } from './pageSessions';

/** What the billing endpoints need from a payment provider. */
export interface BillingProvider {
  createCheckoutSession(userId: string): Promise<{ url: string }>;
  createPortalSession(userId: string, returnUrl: string): Promise<{ url: string }>;
  cancelAtPeriodEnd(userId: string): Promise<Subscription>;
  reactivate(userId: string): Promise<Subscription>;
  getSubscription(userId: string): Promise<Subscription | null>;
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

export function toSubscription(row: SubscriptionRow): Subscription {
  return {
    status: row.status,
    currentPeriodStart: seconds(row.currentPeriodStart),
    currentPeriodEnd: seconds(row.currentPeriodEnd),
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    trialEnd: row.trialEnd ? seconds(row.trialEnd) : null,
  };
}

export const BILLING_NOT_CONFIGURED = 'Billing is not configured.';

/**
 * No provider (production without Stripe and without BILLING_PROVIDER=local): nothing can be bought or changed,
 * and a subscription stored earlier can still be read.
 */
export function unconfiguredProvider({ db }: { db: Db }): BillingProvider {
  const refuse = async (): Promise<never> => {
    throw unavailable(BILLING_NOT_CONFIGURED);
  };
  return {
    createCheckoutSession: refuse,
    createPortalSession: refuse,
    cancelAtPeriodEnd: refuse,
    reactivate: refuse,
    async getSubscription(userId) {
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
      return row ? toSubscription(row) : null;
    },
  };
}

/** The embedded provider: its checkout and portal are pages this server serves under /billing/local. */
export function localProvider(deps: { db: Db; clock: Clock; config: AppConfig }): BillingProvider {
  const { config } = deps;
  return {
    async createCheckoutSession(userId) {
      await assertNoLiveSubscription(deps, userId);
      const id = await createPageSession(deps, userId, 'checkout', `${config.webUrl}/dashboard`);
      return { url: `${config.apiUrl}/billing/local/checkout/${id}` };
    },
    async createPortalSession(userId, returnUrl) {
      if (!(await findSubscription(deps, userId))) throw notFound(NO_SUBSCRIPTION);
      const id = await createPageSession(deps, userId, 'portal', returnUrl);
      return { url: `${config.apiUrl}/billing/local/portal/${id}` };
    },
    async cancelAtPeriodEnd(userId) {
      return toSubscription(await setCancelAtPeriodEnd(deps, userId, true));
    },
    async reactivate(userId) {
      return toSubscription(await setCancelAtPeriodEnd(deps, userId, false));
    },
    async getSubscription(userId) {
      const row = await findSubscription(deps, userId);
      return row ? toSubscription(row) : null;
    },
  };
}
