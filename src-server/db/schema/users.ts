import { createdAt, ts, uuidId } from './columns';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuidId(),
    /** Always stored lower-case. */
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash'),
    displayName: text('display_name').notNull(),
    name: text('name').notNull().default(''),
    role: text('role').notNull().default('user'),
    /**
     * When an operator last removed this account's admin rights (null if never, or promoted again since).
     * While set, ADMIN_EMAILS never grants them back at a Google sign-in: the operator's decision wins.
     */
    adminRemovedAt: ts('admin_removed_at'),
    plan: text('plan', { enum: ['free', 'premium'] })
      .notNull()
      .default('free'),
    subscriptionStatus: text('subscription_status', { enum: ['active', 'trialing', 'past_due', 'canceled'] }),
    emailVerified: boolean('email_verified').notNull().default(false),
    adsDisabled: boolean('ads_disabled').notNull().default(false),
    storageUsed: bigint('storage_used', { mode: 'number' }).notNull().default(0),
    storageLimit: bigint('storage_limit', { mode: 'number' }).notNull().default(1073741824),
    googleSub: text('google_sub').unique(),
    flaggedForAbuse: boolean('flagged_for_abuse').notNull().default(false),
    lastFlaggedReason: text('last_flagged_reason'),
    flaggedAt: ts('flagged_at'),
    lastLoginAt: ts('last_login_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('users_created_at_idx').on(t.createdAt),
    // The overview's active-today count reads the day's sign-ins, not every account.
    index('users_last_login_at_idx').on(t.lastLoginAt),
    index('users_plan_status_idx').on(t.plan, t.subscriptionStatus),
    // ILIKE '%term%' search on email or name stays fast at 100k users with trigram indexes.
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('users_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('users_flagged_idx')
      .on(t.flaggedAt)
      .where(sql`${t.flaggedForAbuse}`),
    // The abuse rules' suspects on their own row: large libraries, and libraries over the plan's limit.
    index('users_storage_used_idx').on(t.storageUsed),
    index('users_over_limit_idx')
      .on(t.id)
      .where(sql`${t.storageUsed} > ${t.storageLimit}`),
  ],
);

export type UserRow = typeof users.$inferSelect;

/** The owning user: the row goes when the account does. */
export const ownerId = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** The owning user as the row's key: one row per account, gone with it. */
export const ownerKey = () =>
  uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' });
