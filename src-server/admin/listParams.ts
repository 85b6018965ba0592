import { sql, type SQL } from 'drizzle-orm';
import { SORTABLE, type SortableList, type SortKey } from '../../src/contract/adminLists';
import { badRequest } from '../errors';

/**
 * What a list service is asked for: the spec's page/perPage, or (from a simple-rest range) an offset and a
 * limit. A sort key is always checked against the list's own keys.
 */
export interface ListQuery {
  sort?: string;
  order?: string;
  page?: number;
  perPage?: number;
  offset?: number;
  limit?: number;
}

/** The rows to answer, or null for the whole list. */
export function pageWindow(params: ListQuery): { limit: number; offset: number } | null {
  if (params.limit !== undefined) return { limit: params.limit, offset: params.offset ?? 0 };
  if (!params.page && !params.perPage) return null;
  const perPage = params.perPage ?? 25;
  return { limit: perPage, offset: ((params.page ?? 1) - 1) * perPage };
}

/** Lists that always answer one page: 25 rows from the start unless asked otherwise. */
export const alwaysPaged = (params: ListQuery) => pageWindow(params) ?? { limit: 25, offset: 0 };

export const isAscending = (params: ListQuery) => params.order?.toUpperCase() === 'ASC';

/**
 * A list's sort keys (from the contract's SORTABLE, so the console's arrows and the server agree) with what
 * each one sorts by. The Record type makes a missing or extra key a compile error.
 */
export function sortMap<L extends SortableList, C extends Record<SortKey<L>, unknown>>(
  list: L,
  columns: C & Record<Exclude<keyof C, SortKey<L>>, never>,
): Map<string, C[SortKey<L>]> {
  const keys: readonly SortKey<L>[] = SORTABLE[list];
  return new Map(keys.map((key) => [key, columns[key]]));
}

// Columns that may hold nulls. For the others the plain direction lets PostgreSQL walk the column's index
// backwards; 'desc nulls last' on an ascending index forces a full sort of the table.
export const REASON_SORT = 'lower(users.last_flagged_reason)';
const NULLABLE = new Set([
  'users.subscription_status',
  'users.flagged_at',
  'users.last_login_at',
  'users.last_flagged_reason',
  REASON_SORT,
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
  params: ListQuery,
  sorts: ReadonlyMap<string, string>,
  fallback: string,
): { order: SQL; limit: SQL; paged: boolean } {
  const column = sortBy(sorts, params.sort, fallback);
  const dir = isAscending(params) ? 'asc' : 'desc';
  const nulls = NULLABLE.has(column) ? ' nulls last' : '';
  const order = sql.raw(`order by ${column} ${dir}${nulls}, 1`);
  const window = pageWindow(params);
  if (!window) return { order, limit: sql``, paged: false };
  return { order, limit: sql`limit ${window.limit} offset ${window.offset}`, paged: true };
}
