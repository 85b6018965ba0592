import type { SortPayload } from 'react-admin';

export type Row = Record<string, unknown>;
export type Filter = Record<string, unknown>;

/** How one react-admin resource maps onto its admin endpoint, and what a whole-array backend leaves to us. */
export interface ResourceSpec {
  /** The endpoint under the admin API, as simple-rest appends it (`users/flagged`). */
  path: string;
  /** The key holding the array when a whole-array body is an object ({users}, {coupons}, {configs}). */
  key: string;
  idOf: (row: Row) => string;
  /** The list's filter applied in the browser, for a backend that returns the whole array. */
  matches: (row: Row, filter: Filter) => boolean;
  /** The spec's text when the list does not load. */
  loadError: string;
  /** How its list opens: the order and page size its `<List>` is given (also used to fetch it ahead). */
  firstPage?: FirstPage;
  /** The keys the server sorts its list by: the contract's list (src/contract/adminSort.ts), never a copy. */
  sortKeys?: readonly string[];
}

/** A list's opening order and page size; `K` narrows the field to the keys its server sorts by. */
export interface FirstPage<K extends string = string> {
  sort: SortPayload & { field: K };
  perPage: number;
}

/** A filter value that filters: a non-empty string. */
export const given = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);

/** The list's search text, whichever name its search box uses. */
export const searchOf = (f: Filter) => f.q ?? f.search;

export const byId = (r: Row) => String(r.id ?? r._id);

/** The category of an abuse reason: the text before its first colon ('Storage: 7.00 GB…' is 'Storage'). */
export const reasonCategory = (reason: string | null | undefined) => (reason ?? '').split(':')[0].trim();

/** Each of these fields of the row is what the filter gives (a field the filter leaves empty keeps every row). */
export const fieldsMatch = (row: Row, f: Filter, ...fields: string[]) =>
  fields.every((k) => !given(f[k]) || row[k] === f[k]);

/**
 * A resource whose rows are `T`: ids from `id` (or `_id`) unless it says otherwise, and every row kept unless
 * its filter says otherwise. A list opens sorted by one of its `sortKeys`, or does not compile.
 */
export function resourceSpec<T, K extends string = string>(
  spec: Omit<ResourceSpec, 'idOf' | 'matches' | 'firstPage' | 'sortKeys'> & {
    idOf?: ResourceSpec['idOf'];
    matches?: (row: T & Row, filter: Filter) => boolean;
    sortKeys?: readonly K[];
    firstPage?: FirstPage<NoInfer<K>>;
  },
): ResourceSpec {
  return { idOf: byId, matches: () => true, ...spec } as ResourceSpec;
}
