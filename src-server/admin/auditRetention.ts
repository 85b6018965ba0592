import { sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { DAY_MS } from '../clock';
import { rows } from './sqlRows';

const BATCH = 5000;

/**
 * Deletes audit records older than AUDIT_RETENTION_DAYS; the only deletion the audit log allows. Batches keep
 * each statement short, so writers adding records meanwhile never wait long. Returns how many were deleted.
 */
export async function pruneAuditLog(ctx: AppContext): Promise<number> {
  const cutoff = new Date(ctx.clock.now().getTime() - ctx.config.AUDIT_RETENTION_DAYS * DAY_MS);
  let pruned = 0;
  for (;;) {
    const deleted = await rows<{ id: number }>(
      ctx.db,
      sql`delete from audit_log where id in (
            select id from audit_log where at < ${cutoff.toISOString()}::timestamptz order by at limit ${BATCH})
          returning id`,
    );
    pruned += deleted.length;
    if (deleted.length < BATCH) return pruned;
  }
}
