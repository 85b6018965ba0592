import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../../src-server/db/connect';
import type { Acknowledged } from './crashWrites';

const rows = async <T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

const present = async (database: Database, table: string, column: string, values: string[]) => {
  if (!values.length) return new Set<string>();
  const found = await rows<{ v: string }>(
    database,
    sql`select ${sql.identifier(column)}::text as v from ${sql.identifier(table)} where ${sql.identifier(column)}::text in ${values}`,
  );
  return new Set(found.map((r) => r.v));
};

/** What the restarted data is missing of the acknowledged writes, and where storage totals are off. */
export async function checkAfterCrash(database: Database, dataDir: string, acks: Acknowledged) {
  const lost: string[] = [];
  const missing = async (label: string, table: string, column: string, values: string[]) => {
    const found = await present(database, table, column, values);
    for (const v of values) if (!found.has(v)) lost.push(`${label} ${v}`);
  };
  await missing('registration', 'users', 'email', acks.registrations);
  await missing('coupon', 'coupons', 'code', acks.coupons);
  await missing(
    'post',
    'posts',
    'id',
    acks.posts.map((p) => p.id),
  );
  await missing(
    'media',
    'post_media',
    'id',
    acks.media.map((m) => m.id),
  );

  // Every user's counter against the bytes actually stored for them.
  const totals = await rows<{ id: string; used: string; stored: string }>(
    database,
    sql`select u.id, u.storage_used::text as used,
          (coalesce((select sum(size_bytes) from posts p where p.user_id = u.id), 0)
           + coalesce((select sum(size_bytes) from post_media m where m.user_id = u.id), 0))::text as stored
        from users u`,
  );
  const wrongTotals = totals
    .filter((t) => t.used !== t.stored)
    .map((t) => `${t.id}: ${t.used} ≠ ${t.stored}`);

  const keys = await rows<{ key: string }>(database, sql`select storage_key as key from post_media`);
  const missingFiles: string[] = [];
  for (const { key } of keys) {
    try {
      await access(join(dataDir, 'media', key));
    } catch {
      missingFiles.push(key);
    }
  }
  return { lost, wrongTotals, missingFiles, mediaRows: keys.length };
}
