import { sql } from 'drizzle-orm';
import type { Db } from '../db/connect';

/**
 * Runs a bulk insert into `table` with its plain secondary indexes dropped, and builds them again afterwards
 * from their own definitions: building an index once over millions of rows is many times faster than keeping
 * it up row by row (a trigram index most of all). Unique indexes and keys stay, as the inserts rely on them.
 * Only for the bulk seed, inside its transaction: nothing else sees the table without its indexes.
 */
export async function withoutSecondaryIndexes<T>(
  tx: Db,
  table: string,
  insert: () => Promise<T>,
): Promise<T> {
  const result = await tx.execute(sql`
    select i.relname as name, pg_get_indexdef(x.indexrelid) as definition
    from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
    where t.relname = ${table} and t.relnamespace = 'public'::regnamespace
      and not x.indisunique and not x.indisprimary`);
  const indexes = (result as unknown as { rows: { name: string; definition: string }[] }).rows;
  for (const index of indexes) await tx.execute(sql`drop index ${sql.identifier(index.name)}`);
  const value = await insert();
  for (const index of indexes) await tx.execute(sql.raw(index.definition));
  return value;
}
