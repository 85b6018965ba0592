import { and, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { jobs, type JobRow } from '../db/schema';

/** Adds the job's row once; a row that exists keeps its schedule. The first run is due at once. */
export async function ensureJobRows(db: Db, names: readonly string[], now: Date): Promise<void> {
  if (!names.length) return;
  await db
    .insert(jobs)
    .values(names.map((name) => ({ name, nextRunAt: now })))
    .onConflictDoNothing({ target: jobs.name });
}

/**
 * Claims the job for `owner` in one conditional UPDATE: it must be due (unless forced) and nobody may hold a live
 * lease. Of two processes racing, PostgreSQL lets the second re-check the row after the first commits, so it sees
 * the new lease and claims nothing. Returns the row when this owner won it.
 */
export async function claimJob(
  db: Db,
  name: string,
  owner: string,
  now: Date,
  leaseMs: number,
  force = false,
): Promise<JobRow | null> {
  const [row] = await db
    .update(jobs)
    .set({ leaseOwner: owner, leaseUntil: new Date(now.getTime() + leaseMs), lastStartedAt: now })
    .where(
      and(
        eq(jobs.name, name),
        force ? undefined : lte(jobs.nextRunAt, now),
        or(isNull(jobs.leaseUntil), lt(jobs.leaseUntil, now)),
      ),
    )
    .returning();
  return row ?? null;
}

/** Keeps a long run's lease alive; false when another process has taken the job over meanwhile. */
export async function renewJobLease(
  db: Db,
  name: string,
  owner: string,
  now: Date,
  leaseMs: number,
): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ leaseUntil: new Date(now.getTime() + leaseMs) })
    .where(and(eq(jobs.name, name), eq(jobs.leaseOwner, owner)))
    .returning({ name: jobs.name });
  return rows.length > 0;
}

/**
 * Records how the run ended and schedules the next one. Only the lease holder writes: a process that lost its
 * lease (it was too slow and another took over) changes nothing.
 */
export async function finishJob(
  db: Db,
  name: string,
  owner: string,
  now: Date,
  everyMs: number,
  error: string | null,
): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({
      leaseOwner: null,
      leaseUntil: null,
      nextRunAt: new Date(now.getTime() + everyMs),
      lastFinishedAt: now,
      totalRuns: sql`${jobs.totalRuns} + 1`,
      ...(error === null
        ? { lastSuccessAt: now, failures: 0 }
        : {
            lastError: error,
            lastErrorAt: now,
            failures: sql`${jobs.failures} + 1`,
            totalFailures: sql`${jobs.totalFailures} + 1`,
          }),
    })
    .where(and(eq(jobs.name, name), eq(jobs.leaseOwner, owner)))
    .returning({ name: jobs.name });
  return rows.length > 0;
}
