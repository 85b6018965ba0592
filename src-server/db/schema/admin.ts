import { createdAt, ts, uuidId } from './columns';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ownerId, ownerKey } from './users';

/** One AI request made for a user: what it was for, which model served it, its tokens and what it cost. */
export const aiUsageEvents = pgTable(
  'ai_usage_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: ownerId(),
    taskType: text('task_type').notNull(),
    provider: text('provider').notNull(),
    model: text('model').notNull(),
    inputTokens: integer('input_tokens').notNull(),
    outputTokens: integer('output_tokens').notNull(),
    totalTokens: integer('total_tokens').notNull(),
    /** Dollars, priced from model_prices when the request was made. */
    cost: numeric('cost', { precision: 14, scale: 6, mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // The 30-day window per user (users list, suspicious users) and across everyone by day (overview, cost).
    index('ai_usage_user_time_idx').on(t.userId, t.createdAt),
    index('ai_usage_time_idx').on(t.createdAt),
  ],
);

/** Token prices per provider and model, in dollars per million tokens. */
export const modelPrices = pgTable(
  'model_prices',
  {
    provider: text('provider').notNull(),
    model: text('model').notNull(),
    inputPerMTok: numeric('input_per_mtok', { precision: 10, scale: 4, mode: 'number' }).notNull(),
    outputPerMTok: numeric('output_per_mtok', { precision: 10, scale: 4, mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.model] })],
);

/** Every flag, unflag and mark-safe, with who did it and why. */
export const abuseFlagEvents = pgTable(
  'abuse_flag_events',
  {
    id: uuidId(),
    userId: ownerId(),
    action: text('action', { enum: ['flag', 'unflag', 'mark-safe'] }).notNull(),
    reason: text('reason'),
    /** An operator's email, or 'abuse-check' for the automatic job. */
    by: text('by').notNull(),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('abuse_flag_events_user_idx').on(t.userId, t.at), index('abuse_flag_events_at_idx').on(t.at)],
);

/** The provider and model for each AI task type; a missing row means the default provider. */
export const aiConfigs = pgTable('ai_configs', {
  taskType: text('task_type').primaryKey(),
  provider: text('provider').notNull(),
  model: text('model'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  updatedBy: text('updated_by'),
});

/** Runs of the abuse check. At most one row is 'running' at a time, across every API process. */
export const abuseCheckRuns = pgTable(
  'abuse_check_runs',
  {
    id: uuidId(),
    status: text('status', { enum: ['running', 'done', 'failed'] }).notNull(),
    startedAt: ts('started_at').notNull(),
    finishedAt: ts('finished_at'),
    flagged: integer('flagged').notNull().default(0),
    startedBy: text('started_by').notNull(),
    error: text('error'),
  },
  (t) => [
    uniqueIndex('abuse_check_one_running')
      .on(t.status)
      .where(sql`${t.status} = 'running'`),
  ],
);

/**
 * What the abuse rules looked at when an operator last cleared a user (mark safe or unflag). The abuse check
 * flags that user again for a rule only once the rule's figure grows past what it was then, so clearing a
 * user lasts beyond the next check. One row per user, replaced by each clearing.
 */
export const abuseSafeMarks = pgTable('abuse_safe_marks', {
  userId: ownerKey(),
  tokens30d: bigint('tokens_30d', { mode: 'number' }).notNull(),
  /** Dollars of AI usage in the 30-day window (float8, as the rules compute with it). */
  aiCost30d: doublePrecision('ai_cost_30d').notNull(),
  storageUsed: bigint('storage_used', { mode: 'number' }).notNull(),
  storageLimit: bigint('storage_limit', { mode: 'number' }).notNull(),
  action: text('action', { enum: ['unflag', 'mark-safe'] }).notNull(),
  /** The operator's email. */
  by: text('by').notNull(),
  at: ts('at').notNull(),
});
