import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/connect';

/** Runs raw SQL and returns its rows, on PGlite and node-postgres alike. */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** `column` is one of the uuids `ids` (false for none). */
export const idIn = (column: SQL, ids: string[]): SQL =>
  ids.length
    ? sql`${column} in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql`false`;
