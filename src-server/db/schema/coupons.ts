import { createdAt, ts, uuidId } from './columns';
import { boolean, index, integer, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Discount coupons: managed in the console, redeemed at checkout. The code is stored upper-case;
 * amount is a percentage (0–100) or a fixed amount in dollars with cents.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: uuidId(),
    code: text('code').notNull().unique(),
    discountType: text('discount_type', { enum: ['percentage', 'fixed'] }).notNull(),
    amount: numeric('amount', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    usageLimit: integer('usage_limit'),
    usedCount: integer('used_count').notNull().default(0),
    expiresAt: ts('expires_at'),
    isActive: boolean('is_active').notNull().default(true),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** The creator's email at creation time, so the list survives the account's deletion. */
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('coupons_created_at_idx').on(t.createdAt)],
);

export type CouponRow = typeof coupons.$inferSelect;
