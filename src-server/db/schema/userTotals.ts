import { bigint, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';

/**
 * Counts and sums over every account by plan and subscription status ('none' for no subscription), kept by
 * statement triggers on users (migration 0018) in the transaction that changes the accounts. The overview,
 * the cost summary, the suspicious statistics and an unsearched users list read a few hundred rows here
 * instead of counting a million accounts. Each group is split into 32 shards by user id, so that saves by
 * two users rarely update the same counter row; readers sum the shards.
 */
export const userTotals = pgTable(
  'user_totals',
  {
    plan: text('plan').notNull(),
    status: text('status').notNull(),
    shard: smallint('shard').notNull(),
    users: integer('users').notNull(),
    flagged: integer('flagged').notNull(),
    storageUsed: bigint('storage_used', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.plan, t.status, t.shard] })],
);
