import { and, eq, isNotNull, lt } from 'drizzle-orm';
import type { AppContext } from '../context';
import { DAY_MS } from '../clock';
import { contactMessages } from '../db/schema';
import { screenshotKey } from './contactService';

/** Screenshots sent with contact messages are kept this long after the message, then deleted. */
export const UPLOAD_RETENTION_DAYS = 90;
const BATCH = 500;

/**
 * Deletes the screenshots (files or objects, ctx.uploads) of messages older than the retention period and
 * clears their reference; the message text stays. The bytes go first, so a crash in between leaves a reference
 * the next run cleans up, never bytes nothing points to; a store that fails the delete stops the run, to be
 * retried on the next.
 */
export async function purgeOldUploads(ctx: AppContext): Promise<number> {
  const cutoff = new Date(ctx.clock.now().getTime() - UPLOAD_RETENTION_DAYS * DAY_MS);
  let purged = 0;
  for (;;) {
    const rows = await ctx.db
      .select({ id: contactMessages.id, path: contactMessages.screenshotPath })
      .from(contactMessages)
      .where(and(isNotNull(contactMessages.screenshotPath), lt(contactMessages.createdAt, cutoff)))
      .limit(BATCH);
    if (!rows.length) return purged;
    for (const row of rows) {
      // Only keys the server wrote: a stored path can never point the purge elsewhere.
      const key = screenshotKey(row.path!);
      if (key) await ctx.uploads.delete(key);
      await ctx.db
        .update(contactMessages)
        .set({ screenshotPath: null, screenshotType: null, screenshotSize: null })
        .where(eq(contactMessages.id, row.id));
      purged++;
    }
  }
}
