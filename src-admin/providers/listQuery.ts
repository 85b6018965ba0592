import type { GetListParams } from 'react-admin';

type Row = Record<string, unknown>;

function compare(a: unknown, b: unknown): number {
  // Missing values sort last whatever the order, so an empty column never hides real rows.
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return String(a).localeCompare(String(b), 'en', { numeric: true, sensitivity: 'base' });
}

/** Sorts a copy of the rows by one field; missing values stay at the end in both orders. */
export function sortRows<T extends Row>(
  rows: readonly T[],
  field: string | undefined,
  order: string | undefined,
): T[] {
  if (!field) return [...rows];
  const dir = String(order).toUpperCase() === 'DESC' ? -1 : 1;
  return [...rows].sort((x, y) => {
    const a = x[field];
    const b = y[field];
    if (a === null || a === undefined || b === null || b === undefined) return compare(a, b);
    return dir * compare(a, b);
  });
}

/**
 * What a backend that returns whole arrays leaves to the browser: filter, sort, then cut the page.
 * `total` is the filtered count, as react-admin expects.
 */
export function applyListParams<T extends Row>(
  rows: readonly T[],
  params: Pick<GetListParams, 'filter' | 'sort' | 'pagination'>,
  matches: (row: T, filter: Record<string, unknown>) => boolean,
): { data: T[]; total: number } {
  const filter = params.filter ?? {};
  const filtered = rows.filter((r) => matches(r, filter));
  const sorted = sortRows(filtered, params.sort?.field, params.sort?.order);
  const { page, perPage } = params.pagination ?? { page: 1, perPage: sorted.length || 1 };
  const start = (page - 1) * perPage;
  return { data: sorted.slice(start, start + perPage), total: filtered.length };
}

/** Case-insensitive "contains" over several fields; an empty needle matches everything. */
export function textMatches(needle: unknown, ...haystack: unknown[]): boolean {
  if (typeof needle !== 'string' || !needle.trim()) return true;
  const n = needle.trim().toLowerCase();
  return haystack.some((h) => typeof h === 'string' && h.toLowerCase().includes(n));
}

/** Runs `task` over the items with at most `limit` in flight at once. */
export async function mapBounded<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
