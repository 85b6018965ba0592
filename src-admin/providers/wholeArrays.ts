import type { HttpClient } from './httpClient';
import { applyListParams } from './listQuery';
import { pickArray, rowMatches, specForPath } from './resources';

type Row = Record<string, unknown>;

function parsed<T>(raw: string | null, fallback: T): T {
  if (raw === null) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

/**
 * A backend that answers a list with the whole array (as the product spec's does) and no Content-Range:
 * this client does the list work simple-rest asked for (filter, sort, range) in the browser and answers
 * as a simple-rest server would, so the provider above it stays unmodified. Answers that carry a
 * Content-Range, and every other call, pass through untouched.
 */
export function wholeArrayAware(client: HttpClient, apiUrl: string): HttpClient {
  const apiPath = new URL(apiUrl, 'http://localhost').pathname.replace(/\/$/, '');
  return async (url, options = {}) => {
    const answer = await client(url, options);
    if ((options.method ?? 'GET') !== 'GET' || answer.headers.has('content-range')) return answer;
    const target = new URL(url, 'http://localhost');
    const spec = specForPath(target.pathname.slice(apiPath.length + 1));
    const query = target.searchParams;
    if (!spec || !(query.has('range') || query.has('filter'))) return answer;

    const rows = pickArray(answer.json, spec.key).map((r): Row => ({ ...r, id: spec.idOf(r) }));
    const filter = parsed<Record<string, unknown>>(query.get('filter'), {});
    const [field, order] = parsed<[string?, string?]>(query.get('sort'), []);
    const { data: ordered, total } = applyListParams(
      rows,
      { filter, sort: { field: field ?? '', order: order === 'DESC' ? 'DESC' : 'ASC' } },
      (r, f) => rowMatches(spec, r, f),
    );
    const [start, end] = parsed<[number?, number?]>(query.get('range'), []);
    const from = start ?? 0;
    const page = ordered.slice(from, end === undefined ? undefined : end + 1);
    const headers = new Headers(answer.headers);
    const last = page.length ? from + page.length - 1 : from;
    headers.set('Content-Range', `${spec.path} ${from}-${last}/${total}`);
    return { ...answer, headers, json: page, body: JSON.stringify(page) };
  };
}
