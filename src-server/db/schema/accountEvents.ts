import { ts, uuidId } from './columns';
import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { ownerId } from './users';

/**
 * Security-relevant changes to an account that its owner did not make by hand, such as a Google sign-in
 * taking over an account whose email was never verified. Kept per user (not in an operator audit log)
 * because nobody operated anything: support reads it to answer "where did my password go?".
 */
export const accountEvents = pgTable(
  'account_events',
  {
    id: uuidId(),
    userId: ownerId(),
    kind: text('kind', { enum: ['google-linked'] }).notNull(),
    /** What the change did, e.g. whether a password was removed and how many sessions ended. */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('account_events_user_idx').on(t.userId, t.at)],
);
