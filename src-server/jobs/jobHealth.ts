import { asc } from 'drizzle-orm';
import type { DbContext } from '../context';
import { jobs } from '../db/schema';
import type { JobHealth } from '../../src/contract/health';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Every job as the jobs table records it, across all processes. The error text stays in the table and the log:
 * the health answer is public, and an error can name internal hosts.
 */
export async function jobHealth({ db, clock }: DbContext): Promise<JobHealth[]> {
  const now = clock.now();
  const rows = await db.select().from(jobs).orderBy(asc(jobs.name));
  return rows.map((r) => ({
    name: r.name,
    running: r.leaseUntil !== null && r.leaseUntil > now,
    lastRunAt: iso(r.lastStartedAt),
    lastSuccessAt: iso(r.lastSuccessAt),
    lastErrorAt: iso(r.lastErrorAt),
    failures: r.failures,
    totalRuns: r.totalRuns,
    totalFailures: r.totalFailures,
    nextRunAt: iso(r.nextRunAt),
  }));
}
