import type { ResourceSpec } from './resourceSpec';

type Row = Record<string, unknown>;
type Filter = Record<string, unknown>;

/** getMany asks simple-rest style, `filter={"id":[…]}`: honoured in the browser too. */
function idMatches(row: Row, f: Filter): boolean {
  return !Array.isArray(f.id) || f.id.map(String).includes(String(row.id));
}

/**
 * Each resource's endpoint by react-admin resource name. The console's root derives them from its registry
 * (registry.ts) and hands them to the provider, which never imports a section.
 */
export type ResourceSpecs = Readonly<Record<string, ResourceSpec>>;

/** Every filter of every resource also accepts getMany's `id` list. */
export const rowMatches = (spec: ResourceSpec, row: Row, filter: Filter) =>
  idMatches(row, filter) && spec.matches(row, filter);

/** The resource whose endpoint is `path` (relative to the admin API). */
export function specForPath(specs: ResourceSpecs, path: string): ResourceSpec | undefined {
  return Object.values(specs).find((s) => s.path === path);
}

/** The simple-rest path of a react-admin resource: the spec's endpoint when it differs from the name. */
export const pathOf = (specs: ResourceSpecs, resource: string) => specs[resource]?.path ?? resource;

/** The array inside a list body: the body itself, or its `key` field. */
export function pickArray(body: unknown, key: string): Row[] {
  if (Array.isArray(body)) return body as Row[];
  const inner = (body as Record<string, unknown> | null)?.[key];
  return Array.isArray(inner) ? (inner as Row[]) : [];
}
