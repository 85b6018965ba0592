import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { CONTENT_RANGE_HEADER } from '../../src/contract/adminLists';
import { TOTAL_COUNT_HEADER } from '../../src/contract/admin';
import { badRequest } from '../errors';
import type { ListQuery } from './listParams';

/**
 * ra-data-simple-rest's list dialect, read once for every admin list. Its getList sends
 * `sort=["field","ASC"]&range=[0,24]&filter={...}` and getMany `filter={"id":[...]}`; both expect a bare array
 * of records with an `id` and a Content-Range header. Hand-written because the dialect is three JSON
 * parameters: a library would add more than it saves.
 */
export interface SimpleRestList {
  params: ListQuery;
  filter: Record<string, unknown>;
}

interface DialectQuery {
  sort?: string;
  order?: string;
  page?: number;
  perPage?: number;
  range?: string;
  filter?: string;
}

/** The widest range answered at once, as perPage allows. */
const MAX_ROWS = 500;

function json(value: string, name: string, example: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    throw badRequest(`${name} must be JSON, e.g. ${name}=${example}`);
  }
}

function sortOf(value: string): Pick<ListQuery, 'sort' | 'order'> {
  const parsed = json(value, 'sort', '["email","ASC"]');
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 2 ||
    typeof parsed[0] !== 'string' ||
    !['ASC', 'DESC'].includes(String(parsed[1]).toUpperCase())
  )
    throw badRequest('sort must be a field and a direction, e.g. sort=["email","ASC"]');
  return { sort: parsed[0], order: String(parsed[1]).toUpperCase() };
}

function rangeOf(value: string): Pick<ListQuery, 'offset' | 'limit'> {
  const parsed = json(value, 'range', '[0,24]');
  const ok =
    Array.isArray(parsed) &&
    parsed.length === 2 &&
    parsed.every((n) => Number.isSafeInteger(n) && n >= 0) &&
    parsed[1] >= parsed[0];
  if (!ok) throw badRequest('range must be the first and last row, e.g. range=[0,24]');
  const [first, last] = parsed as [number, number];
  if (last - first + 1 > MAX_ROWS) throw badRequest(`range may span at most ${MAX_ROWS} rows`);
  return { offset: first, limit: last - first + 1 };
}

function filterOf(value: string | undefined): Record<string, unknown> {
  if (value === undefined) return {};
  const parsed = json(value, 'filter', '{"q":"sam"}');
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw badRequest('filter must be a JSON object, e.g. filter={"q":"sam"}');
  // react-admin drops empty filters, but a cleared input may still arrive as null or ''.
  return Object.fromEntries(Object.entries(parsed).filter(([, v]) => v !== null && v !== ''));
}

/**
 * The simple-rest request in a list's query, or null when the query is the spec's own (a plain sort key,
 * page/perPage). A sort that is JSON, a range or a filter make it simple-rest.
 */
export function simpleRestOf(query: DialectQuery): SimpleRestList | null {
  const jsonSort = query.sort?.trimStart().startsWith('[') ?? false;
  if (!jsonSort && query.range === undefined && query.filter === undefined) return null;
  const sort = jsonSort ? sortOf(query.sort!) : { sort: query.sort, order: query.order };
  const window =
    query.range !== undefined ? rangeOf(query.range) : { page: query.page, perPage: query.perPage };
  return { params: { ...sort, ...window }, filter: filterOf(query.filter) };
}

/** The filter object checked against the list's filter schema; a bad one is a 400 naming its field. */
export function restFilter<S extends z.ZodType>(schema: S, filter: Record<string, unknown>): z.output<S> {
  const result = schema.safeParse(filter);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue.path.join('.');
  throw badRequest(
    field && !issue.message.includes(field) ? `filter.${field}: ${issue.message}` : issue.message,
  );
}

/** getMany's ids: one or a list, as strings. */
export function idsOf(value: unknown): string[] | undefined {
  if (value === undefined) return undefined;
  return (Array.isArray(value) ? value : [value]).map(String);
}

/** A list's simple-rest filter as its service reads it: `q` (or `search`) as the search, `id` as getMany's ids. */
export function restListFilter<S extends z.ZodType<{ q?: string; search?: string; id?: unknown }>>(
  schema: S,
  filter: Record<string, unknown>,
): Omit<z.output<S>, 'q' | 'search' | 'id'> & { search?: string; ids?: string[] } {
  const { q, search, id, ...rest } = restFilter(schema, filter);
  return { ...rest, search: q ?? search, ids: idsOf(id) };
}

/**
 * Answers a simple-rest list: the records, each with an `id`, and `Content-Range: <resource> first-last/total`
 * (`*` in place of first-last for an empty slice). X-Total-Count carries the total too.
 */
export function sendRestList<T extends { id: string | number }>(
  reply: FastifyReply,
  resource: string,
  records: T[],
  params: ListQuery,
  total: number,
): T[] {
  const first = params.offset ?? ((params.page ?? 1) - 1) * (params.perPage ?? 25);
  const slice = records.length ? `${first}-${first + records.length - 1}` : '*';
  reply.header(CONTENT_RANGE_HEADER, `${resource} ${slice}/${total}`);
  reply.header(TOTAL_COUNT_HEADER, String(total));
  return records;
}

/** The OpenAPI shape of a simple-rest list: the records with their `id`. */
export const restArray = <S extends z.ZodObject>(record: S) =>
  z.array(record.extend({ id: z.union([z.string(), z.number()]) })).meta({
    description:
      'With simple-rest parameters (sort as JSON, range or filter): a bare array of records, each with an id, and Content-Range: <resource> <first>-<last>/<total>',
  });

/** A spec record keyed `_id`, with the `id` react-admin reads. */
export const withId = <T extends { _id: string }>(record: T): T & { id: string } => ({
  ...record,
  id: record._id,
});
