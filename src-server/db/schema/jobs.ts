import { ts } from './columns';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * One row per background job: when it runs next, who holds its lease, and how its last runs went. A process
 * runs a job only after claiming the lease with one conditional UPDATE, so each run happens once across every
 * process; a lease that is not renewed expires, and another process takes the job over.
 */
export const jobs = pgTable('jobs', {
  name: text('name').primaryKey(),
  nextRunAt: ts('next_run_at').notNull(),
  /** The process running it now, or null. */
  leaseOwner: text('lease_owner'),
  leaseUntil: ts('lease_until'),
  lastStartedAt: ts('last_started_at'),
  lastFinishedAt: ts('last_finished_at'),
  lastSuccessAt: ts('last_success_at'),
  lastError: text('last_error'),
  lastErrorAt: ts('last_error_at'),
  /** Failures since the last success. */
  failures: integer('failures').notNull().default(0),
  totalRuns: integer('total_runs').notNull().default(0),
  totalFailures: integer('total_failures').notNull().default(0),
});

export type JobRow = typeof jobs.$inferSelect;
