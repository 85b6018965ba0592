import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { ownerId, ownerKey } from './users';

const dollars = (name: string) => numeric(name, { precision: 18, scale: 6, mode: 'number' });

/**
 * AI usage per user per UTC day, kept by recordAiUsage in the transaction of each event. Per-user windows of any
 * length (the console's ?days=N) read at most N rows here instead of every event.
 */
export const aiUsageDaily = pgTable(
  'ai_usage_daily',
  {
    userId: ownerId(),
    day: date('day', { mode: 'string' }).notNull(),
    tokens: bigint('tokens', { mode: 'number' }).notNull(),
    cost: dollars('cost').notNull(),
    requests: integer('requests').notNull(),
  },
  // The window roll-forward reads one day across every user.
  (t) => [primaryKey({ columns: [t.userId, t.day] }), index('ai_usage_daily_day_idx').on(t.day)],
);

/**
 * AI usage across everyone per UTC day, provider and model: the overview's totals and chart and the cost
 * analysis read about 30 × models rows here. Kept for deleted users too: their requests were paid for.
 */
export const aiUsageDailyByModel = pgTable(
  'ai_usage_daily_by_model',
  {
    day: date('day', { mode: 'string' }).notNull(),
    provider: text('provider').notNull(),
    model: text('model').notNull(),
    tokens: bigint('tokens', { mode: 'number' }).notNull(),
    cost: dollars('cost').notNull(),
    requests: integer('requests').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.provider, t.model] })],
);

/**
 * Each user's AI usage over the console's 30-day window: the sum of their ai_usage_daily rows from
 * ai_usage_window.first_day on (while the window rolls forward, users past its cursor still hold the days
 * from roll_from). Sorting a million users by tokens or finding the ones over a threshold reads one row per
 * active user here. A user without usage in the window has no row.
 */
export const aiUsage30d = pgTable(
  'ai_usage_30d',
  {
    userId: ownerKey(),
    tokens: bigint('tokens', { mode: 'number' }).notNull(),
    cost: dollars('cost').notNull(),
    requests: integer('requests').notNull(),
  },
  // Sorting by tokens, and the abuse rules' suspects over the token or cost threshold.
  (t) => [index('ai_usage_30d_tokens_idx').on(t.tokens), index('ai_usage_30d_cost_idx').on(t.cost)],
);

/**
 * The one row that says where ai_usage_30d's window starts. null until the first console read builds the
 * totals; moved forward by the first read of each new day, which then subtracts the days that left, a batch
 * of users at a time in user id order (src-server/usage/usageWindow.ts). While `rolling`, the users after
 * `roll_cursor` still hold the days from `roll_from`.
 */
export const aiUsageWindow = pgTable(
  'ai_usage_window',
  {
    id: smallint('id').primaryKey().default(1),
    firstDay: date('first_day', { mode: 'string' }),
    rolling: boolean('rolling').notNull().default(false),
    rollFrom: date('roll_from', { mode: 'string' }),
    rollCursor: uuid('roll_cursor'),
  },
  (t) => [check('ai_usage_window_one_row', sql`${t.id} = 1`)],
);
