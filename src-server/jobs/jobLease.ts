import { and, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { jobs, type JobRow } from '../db/schema';

/** Adds each job's row once, its first run due at `firstRunAt`; a row that exists keeps its schedule. */
export async function ensureJobRows(
  db: Db,
  rows: readonly { name: string; firstRunAt: Date }[],
): Promise<void> {
  if (!rows.length) return;
  await db
    .insert(jobs)
    .values(rows.map((r) => ({ name: r.name, nextRunAt: r.firstRunAt })))
    .onConflictDoNothing({ target: jobs.name });
}

/**
 * Claims the job for `owner` in one conditional UPDATE: it must be due (unless forced) and nobody may hold a live
 * lease. Of two processes racing, PostgreSQL lets the second re-check the row after the first commits, so it sees
 * the new lease and claims nothing. Returns the row when this owner won it.
 *
 * A forced run makes the job due now: should its process die, the run is owed, and whoever claims the job once
 * the lease expires carries it out instead of waiting for the schedule. Finishing sets the next run as usual.
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
    .set({
      leaseOwner: owner,
      leaseUntil: new Date(now.getTime() + leaseMs),
      lastStartedAt: now,
      ...(force ? { nextRunAt: now } : {}),
    })
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

/** Gives a claimed job back without counting a run (what it was claimed for could not begin). */
export async function releaseJob(db: Db, name: string, owner: string): Promise<void> {
  await db
    .update(jobs)
    .set({ leaseOwner: null, leaseUntil: null })
    .where(and(eq(jobs.name, name), eq(jobs.leaseOwner, owner)));
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
