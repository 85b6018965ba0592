import { hashKey } from '@tanstack/react-query';
import type { DataProvider, GetListParams, GetListResult } from 'react-admin';
import type { FirstPage } from './resourceSpec';

/** How long a list fetched ahead waits for its screen to ask for it; an older one is dropped unread. */
export const AHEAD_KEEP_MS = 10_000;

/** What react-admin keeps in its store for a list the operator has sorted, paged or filtered. */
export interface StoredListParams {
  sort?: string;
  order?: 'ASC' | 'DESC';
  page?: number;
  perPage?: number;
  filter?: Record<string, unknown>;
}

/**
 * The params react-admin opens a list with when the address carries none: the operator's stored ones where
 * present, the list's own order and page size for the rest.
 */
export function openingParams(first: FirstPage, stored?: StoredListParams | null): GetListParams {
  return {
    pagination: { page: stored?.page ?? 1, perPage: stored?.perPage ?? first.perPage },
    sort: { field: stored?.sort ?? first.sort.field, order: stored?.order ?? first.sort.order },
    filter: stored?.filter ?? {},
  };
}

// react-query's own key hash: object keys in order, so equal params built in another order give one key.
const keyOf = (resource: string, p: GetListParams) => hashKey([resource, p.pagination, p.sort, p.filter]);

export interface ListsAhead {
  /** Starts loading a list page before its screen has mounted; the screen's own getList of it takes the answer. */
  fetchListAhead(resource: string, params: GetListParams): void;
}

/**
 * A provider whose list pages can be fetched ahead: the console starts the opening screen's page beside its
 * own code instead of after react-admin has mounted (docs/PERFORMANCE.md#first-rows). Each page fetched
 * ahead answers one getList with the same params, within AHEAD_KEEP_MS; everything else goes to `provider`.
 */
export function withListsAhead<P extends DataProvider>(provider: P, now = () => Date.now()): P & ListsAhead {
  const ahead = new Map<string, { at: number; result: Promise<GetListResult> }>();
  return {
    ...provider,
    fetchListAhead(resource, params) {
      const result = provider.getList(resource, params);
      // A failure is reported by the screen that takes it; one nobody takes must not surface as unhandled.
      result.catch(() => undefined);
      ahead.set(keyOf(resource, params), { at: now(), result });
    },
    getList(resource, params) {
      const key = keyOf(resource, params);
      const hit = ahead.get(key);
      ahead.delete(key);
      if (hit && !params.meta && now() - hit.at < AHEAD_KEEP_MS) return hit.result;
      return provider.getList(resource, params);
    },
  };
}
