import { createdAt, ts } from './columns';
import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { ownerId, ownerKey } from './users';

/**
 * One row per user who ever reached billing: the provider's customer id, whether the one free trial was used,
 * the embedded provider's test card, and an operator's complimentary premium grant.
 */
export const billingCustomers = pgTable('billing_customers', {
  userId: ownerKey(),
  providerCustomerId: text('provider_customer_id').unique(),
  trialUsed: boolean('trial_used').notNull().default(false),
  /** Last four digits of the embedded provider's test card; '0002' declines every charge. */
  cardLast4: text('card_last4'),
  /** Premium granted by an operator; provider events never downgrade it. */
  complimentary: boolean('complimentary').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** The user's current subscription (one per user; resubscribing reuses the row). */
export const subscriptions = pgTable('subscriptions', {
  userId: ownerKey(),
  provider: text('provider', { enum: ['local', 'stripe'] }).notNull(),
  providerSubscriptionId: text('provider_subscription_id').unique(),
  status: text('status', { enum: ['trialing', 'active', 'past_due', 'canceled'] }).notNull(),
  currentPeriodStart: ts('current_period_start').notNull(),
  currentPeriodEnd: ts('current_period_end').notNull(),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  trialEnd: ts('trial_end'),
  /**
   * When the subscription became past_due (null in every other status): Premium lasts BILLING_PAST_DUE_GRACE_DAYS
   * from this moment (docs/product.md#subscription-lifecycle).
   */
  pastDueSince: ts('past_due_since'),
  /** Price in cents after any coupon, charged at each renewal by the embedded provider. */
  amountCents: integer('amount_cents').notNull().default(899),
  couponCode: text('coupon_code'),
  createdAt: createdAt(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * Short-lived, single-use ids for the embedded provider's checkout and portal pages, so the user's session
 * token never travels in a URL.
 */
export const billingPageSessions = pgTable('billing_page_sessions', {
  id: text('id').primaryKey(),
  userId: ownerId(),
  kind: text('kind', { enum: ['checkout', 'portal'] }).notNull(),
  returnUrl: text('return_url').notNull(),
  expiresAt: ts('expires_at').notNull(),
  completedAt: ts('completed_at'),
  createdAt: createdAt(),
});

/** Provider webhook events already applied, so a redelivery changes nothing. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: ts('received_at').notNull().defaultNow(),
});

export type SubscriptionRow = typeof subscriptions.$inferSelect;
