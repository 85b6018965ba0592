import { sql, type SQL } from 'drizzle-orm';
import type { ListParams } from '../../src/contract/admin';
import { badRequest } from '../errors';

// Columns that may hold nulls. For the others the plain direction lets PostgreSQL walk the column's index
// backwards; 'desc nulls last' on an ascending index forces a full sort of the table.
const NULLABLE = new Set([
  'users.subscription_status',
  'users.flagged_at',
  'users.last_login_at',
  'users.last_flagged_reason',
]);

/**
 * What a sort key names in `sorts`, or `fallback`'s entry when no key is given. A Map, not an object
 * literal: `sorts['constructor']` on an object finds Object's own function, which then reaches the SQL.
 * An unknown key is refused with the keys that work, rather than quietly sorting by something else.
 */
export function sortBy<T>(sorts: ReadonlyMap<string, T>, key: string | undefined, fallback: string): T {
  if (!key) return sorts.get(fallback)!;
  const found = sorts.get(key);
  if (found === undefined)
    throw badRequest(`Cannot sort by "${key}". Sort by one of: ${[...sorts.keys()].join(', ')}.`);
  return found;
}

/** ORDER BY and LIMIT for an optional page; the sort key must be one of `sorts` (column SQL by key). */
export function pageClause(
  params: ListParams,
  sorts: ReadonlyMap<string, string>,
  fallback: string,
): { order: SQL; limit: SQL; paged: boolean } {
  const column = sortBy(sorts, params.sort, fallback);
  const dir = params.order?.toUpperCase() === 'ASC' ? 'asc' : 'desc';
  const nulls = NULLABLE.has(column) ? ' nulls last' : '';
  const order = sql.raw(`order by ${column} ${dir}${nulls}, 1`);
  if (!params.page && !params.perPage) return { order, limit: sql``, paged: false };
  const perPage = params.perPage ?? 25;
  const page = params.page ?? 1;
  return { order, limit: sql`limit ${perPage} offset ${(page - 1) * perPage}`, paged: true };
}
