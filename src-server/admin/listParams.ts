import { sql, type SQL } from 'drizzle-orm';
import type { ListParams } from '../../src/contract/admin';

// Columns that may hold nulls. For the others the plain direction lets PostgreSQL walk the column's index
// backwards; 'desc nulls last' on an ascending index forces a full sort of the table.
const NULLABLE = new Set([
  'users.subscription_status',
  'users.flagged_at',
  'users.last_login_at',
  'users.last_flagged_reason',
]);

/** ORDER BY and LIMIT for an optional page; the sort key must be one the caller allows. */
export function pageClause(
  params: ListParams,
  sorts: Record<string, string>,
  fallback: string,
): { order: SQL; limit: SQL; paged: boolean } {
  const column = (params.sort && sorts[params.sort]) || sorts[fallback];
  const dir = params.order?.toUpperCase() === 'ASC' ? 'asc' : 'desc';
  const nulls = NULLABLE.has(column) ? ' nulls last' : '';
  const order = sql.raw(`order by ${column} ${dir}${nulls}, 1`);
  if (!params.page && !params.perPage) return { order, limit: sql``, paged: false };
  const perPage = params.perPage ?? 25;
  const page = params.page ?? 1;
  return { order, limit: sql`limit ${perPage} offset ${(page - 1) * perPage}`, paged: true };
}
