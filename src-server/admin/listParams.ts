import { sql, type SQL } from 'drizzle-orm';
import type { ListParams } from '../../src/contract/admin';

/** ORDER BY and LIMIT for an optional page; the sort key must be one the caller allows. */
export function pageClause(
  params: ListParams,
  sorts: Record<string, string>,
  fallback: string,
): { order: SQL; limit: SQL; paged: boolean } {
  const column = (params.sort && sorts[params.sort]) || sorts[fallback];
  const dir = params.order?.toUpperCase() === 'ASC' ? 'asc' : 'desc';
  const order = sql.raw(`order by ${column} ${dir} nulls last, 1`);
  if (!params.page && !params.perPage) return { order, limit: sql``, paged: false };
  const perPage = params.perPage ?? 25;
  const page = params.page ?? 1;
  return { order, limit: sql`limit ${perPage} offset ${(page - 1) * perPage}`, paged: true };
}
