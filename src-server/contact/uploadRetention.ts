import { rm } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { and, eq, isNotNull, lt } from 'drizzle-orm';
import type { AppContext } from '../context';
import { DAY_MS } from '../clock';
import { contactMessages } from '../db/schema';

/** Screenshots sent with contact messages are kept this long after the message, then deleted. */
export const UPLOAD_RETENTION_DAYS = 90;
const BATCH = 500;

/**
 * Deletes the screenshot files of messages older than the retention period and clears their reference; the
 * message text stays. The file goes first, so a crash in between leaves a reference the next run cleans up,
 * never a file nothing points to.
 */
export async function purgeOldUploads(ctx: AppContext): Promise<number> {
  const cutoff = new Date(ctx.clock.now().getTime() - UPLOAD_RETENTION_DAYS * DAY_MS);
  const dataDir = resolve(ctx.config.DATA_DIR);
  let purged = 0;
  for (;;) {
    const rows = await ctx.db
      .select({ id: contactMessages.id, path: contactMessages.screenshotPath })
      .from(contactMessages)
      .where(and(isNotNull(contactMessages.screenshotPath), lt(contactMessages.createdAt, cutoff)))
      .limit(BATCH);
    if (!rows.length) return purged;
    for (const row of rows) {
      const file = resolve(dataDir, row.path!);
      // Only files inside the data folder: a stored path can never point the purge elsewhere.
      if (file.startsWith(dataDir + sep)) await rm(file, { force: true });
      await ctx.db
        .update(contactMessages)
        .set({ screenshotPath: null, screenshotType: null, screenshotSize: null })
        .where(eq(contactMessages.id, row.id));
      purged++;
    }
  }
}
