import { data as users } from '../users';
import { data as coupons } from '../coupons';
import { data as flagged } from '../flagged';
import { data as aiConfig } from '../ai-config';
import { data as suspicious } from '../suspicious';
import { data as support } from '../support';
import { data as audit } from '../audit';
import type { ResourceSpec } from './resourceSpec';

type Row = Record<string, unknown>;
type Filter = Record<string, unknown>;

/** getMany asks simple-rest style, `filter={"id":[…]}`: honoured in the browser too. */
function idMatches(row: Row, f: Filter): boolean {
  return !Array.isArray(f.id) || f.id.map(String).includes(String(row.id));
}

/** Each resource's endpoint, from its folder (by react-admin resource name, as AdminConsole mounts them). */
export const RESOURCES: Record<string, ResourceSpec> = {
  users,
  coupons,
  flagged,
  'ai-config': aiConfig,
  suspicious,
  messages: support,
  'audit-log': audit,
};

/** Every filter of every resource also accepts getMany's `id` list. */
export const rowMatches = (spec: ResourceSpec, row: Row, filter: Filter) =>
  idMatches(row, filter) && spec.matches(row, filter);

/** The resource whose endpoint is `path` (relative to the admin API). */
export function specForPath(path: string): ResourceSpec | undefined {
  return Object.values(RESOURCES).find((s) => s.path === path);
}

/** The simple-rest path of a react-admin resource: the spec's endpoint when it differs from the name. */
export const pathOf = (resource: string) => RESOURCES[resource]?.path ?? resource;

/** The array inside a list body: the body itself, or its `key` field. */
export function pickArray(body: unknown, key: string): Row[] {
  if (Array.isArray(body)) return body as Row[];
  const inner = (body as Record<string, unknown> | null)?.[key];
  return Array.isArray(inner) ? (inner as Row[]) : [];
}
