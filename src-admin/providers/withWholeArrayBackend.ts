import type { DataProvider, GetListParams, GetListResult, Identifier, RaRecord } from 'react-admin';
import { AdminError, withText } from './adminError';
import type { HttpClient } from './httpClient';
import { applyListParams } from './listQuery';
import type { Filter, ResourceSpec, Row } from './resourceSpec';
import type { ResourceSpecs } from './resources';

/** What the layer needs of the backend: how to call it, and each resource's endpoint, body key and filter. */
export interface WholeArrayBackend {
  client: HttpClient;
  apiUrl: string;
  /** By react-admin resource name; a resource without a spec goes to the provider below unchanged. */
  specs: ResourceSpecs;
}

/** The array inside a list body: the body itself, or its `key` field ({users: […]}, {configs: […]}). */
export function pickArray(body: unknown, key: string): Row[] {
  if (Array.isArray(body)) return body as Row[];
  const inner = (body as Record<string, unknown> | null)?.[key];
  return Array.isArray(inner) ? (inner as Row[]) : [];
}

/** getMany's `id` list, when a filter carries one, keeps only those rows. */
const idMatches = (row: Row, f: Filter) => !Array.isArray(f.id) || f.id.map(String).includes(String(row.id));

/**
 * The console over a backend that answers as the product spec's does (docs/architecture.md, "The console's data
 * provider"): each list is one GET of the endpoint with no query, answering the whole array (`{users: […]}`), with
 * no paging and no count header. This layer makes that call and does in the browser what our server does for
 * simple-rest: filter (each resource's `matches`), sort, cut the page, count. Reads of one row or a few are found
 * in the same array (the spec has no record endpoints); writes and the named calls go to `provider` unchanged,
 * since the spec's writes are the ones our server answers too.
 */
export function withWholeArrayBackend<P extends DataProvider>(provider: P, backend: WholeArrayBackend): P {
  const { client, apiUrl, specs } = backend;

  async function rowsOf(spec: ResourceSpec, signal?: AbortSignal): Promise<RaRecord[]> {
    const { json } = await withText(spec.loadError, () => client(`${apiUrl}/${spec.path}`, { signal }));
    return pickArray(json, spec.key).map((r) => ({ ...r, id: spec.idOf(r) }) as RaRecord);
  }

  async function list(spec: ResourceSpec, params: GetListParams): Promise<GetListResult> {
    const rows = await rowsOf(spec, params.signal);
    return applyListParams(rows, params, (r, f) => idMatches(r, f) && spec.matches(r, f));
  }

  async function some(spec: ResourceSpec, ids: readonly Identifier[], signal?: AbortSignal) {
    const wanted = new Set(ids.map(String));
    return (await rowsOf(spec, signal)).filter((r) => wanted.has(String(r.id)));
  }

  return {
    ...provider,
    getList: (resource, params) => {
      const spec = specs[resource];
      return spec ? list(spec, params) : provider.getList(resource, params);
    },
    getMany: async (resource, params) => {
      const spec = specs[resource];
      if (!spec) return provider.getMany(resource, params);
      return { data: await some(spec, params.ids, params.signal) };
    },
    getOne: async (resource, params) => {
      const spec = specs[resource];
      if (!spec) return provider.getOne(resource, params);
      const [row] = await some(spec, [params.id], params.signal);
      if (!row) throw new AdminError('Not found', 404);
      return { data: row };
    },
  };
}
