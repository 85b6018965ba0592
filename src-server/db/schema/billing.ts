import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A user's subscription to Pro, as the billing provider reports it. One row per user, kept after cancellation. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['local', 'stripe'] }).notNull(),
    externalId: text('external_id'),
    status: text('status', { enum: ['trialing', 'active', 'past_due', 'canceled'] }).notNull(),
    currentPeriodStart: ts('current_period_start').notNull(),
    currentPeriodEnd: ts('current_period_end').notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    trialEnd: ts('trial_end'),
    /** The local provider's test card: whether the next charge succeeds. */
    cardLast4: text('card_last4'),
    cardDeclines: boolean('card_declines').notNull().default(false),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('subscriptions_period_end_idx').on(t.currentPeriodEnd)],
);

/** Billing facts about a customer that outlive a subscription: one trial per user. */
export const billingCustomers = pgTable('billing_customers', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  externalId: text('external_id'),
  trialUsedAt: ts('trial_used_at'),
});

/** Short-lived, single-use links to the local provider's checkout and portal pages (only their hash is stored). */
export const billingLinks = pgTable('billing_links', {
  id: uuid('id').primaryKey().defaultRandom(),
  tokenHash: text('token_hash').notNull().unique(),
  kind: text('kind', { enum: ['checkout', 'portal'] }).notNull(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  returnUrl: text('return_url').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});
