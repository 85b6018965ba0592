import type { Identifier, RaRecord } from 'react-admin';
import type { UserUsage } from '../../src/contract/admin';
import { USAGE_WINDOW_DAYS } from '../../src/config';
import type { HttpClient } from './httpClient';
import { mapBounded } from './listQuery';

/** How many per-user usage calls may run at once when a row lacks tokens30d. */
export const USAGE_CONCURRENCY = 4;

/**
 * The spec's users list carries no 30-day tokens: ask GET /admin/users/{id}?days=30 for the rows without
 * them. Our server sends tokens30d in the list, so this asks nothing there; a failed call leaves the cell empty.
 */
export async function fillUsage(client: HttpClient, apiUrl: string, rows: RaRecord[]): Promise<RaRecord[]> {
  const missing = rows.filter((r) => typeof r.tokens30d !== 'number');
  if (missing.length === 0) return rows;
  const totals = new Map<Identifier, number>();
  await mapBounded(missing, USAGE_CONCURRENCY, async (r) => {
    try {
      const { json } = await client(
        `${apiUrl}/users/${encodeURIComponent(String(r.id))}?days=${USAGE_WINDOW_DAYS}`,
      );
      const total = (json as UserUsage | undefined)?.usage?.aiTokens?.total;
      if (typeof total === 'number') totals.set(r.id, total);
    } catch {
      // usage is a convenience column: the list still shows without it
    }
  });
  return rows.map((r) => (totals.has(r.id) ? { ...r, tokens30d: totals.get(r.id) } : r));
}
