import type { AdminUser, AiConfig, Coupon, SuspiciousUser } from '../../src/contract/admin';
import { ADMIN_TEXT } from './adminMessages';
import { textMatches } from './listQuery';

type Row = Record<string, unknown>;
type Filter = Record<string, unknown>;

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
}

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
const search = (f: Filter) => f.q ?? f.search;

/** The category of an abuse reason: the text before its first colon ('Storage: 7.00 GB…' is 'Storage'). */
export const reasonCategory = (reason: string | null | undefined) => (reason ?? '').split(':')[0].trim();

/** getMany asks simple-rest style, `filter={"id":[…]}`: honoured in the browser too. */
function idMatches(row: Row, f: Filter): boolean {
  return !Array.isArray(f.id) || f.id.map(String).includes(String(row.id));
}

function userMatches(row: Row, f: Filter): boolean {
  const u = row as unknown as AdminUser;
  if (str(f.subscriptionStatus) && u.subscriptionStatus !== f.subscriptionStatus) return false;
  if (str(f.plan) && u.plan !== f.plan) return false;
  return textMatches(search(f), u.email, u.name, u.displayName);
}

/** Coupon status filter: active means usable now, expired means past its date. */
function couponMatches(row: Row, f: Filter): boolean {
  const c = row as unknown as Coupon;
  if (f.status === 'active' && !(c.isActive && !c.isExpired)) return false;
  if (f.status === 'expired' && !c.isExpired) return false;
  return textMatches(search(f), c.code);
}

function flaggedMatches(row: Row, f: Filter): boolean {
  const u = row as unknown as AdminUser;
  if (str(f.plan) && u.plan !== f.plan) return false;
  if (str(f.subscriptionStatus) && u.subscriptionStatus !== f.subscriptionStatus) return false;
  if (str(f.reason) && reasonCategory(u.lastFlaggedReason).toLowerCase() !== String(f.reason).toLowerCase())
    return false;
  return textMatches(search(f), u.email, u.name, u.displayName, u.lastFlaggedReason);
}

function suspiciousMatches(row: Row, f: Filter): boolean {
  const u = row as unknown as SuspiciousUser;
  if (str(f.plan) && u.plan !== f.plan) return false;
  if (f.status === 'flagged' && !u.flaggedForAbuse) return false;
  if (f.status === 'suspicious' && u.flaggedForAbuse) return false;
  if (str(f.reason) && !u.suspiciousReasons.some((r) => reasonCategory(r) === f.reason)) return false;
  return textMatches(search(f), u.email, u.name, u.displayName);
}

const byId = (r: Row) => String(r.id ?? r._id);

export const RESOURCES: Record<string, ResourceSpec> = {
  users: { path: 'users', key: 'users', idOf: byId, matches: userMatches, loadError: ADMIN_TEXT.loadUsers },
  coupons: {
    path: 'coupons',
    key: 'coupons',
    idOf: byId,
    matches: couponMatches,
    loadError: ADMIN_TEXT.loadCoupons,
  },
  flagged: {
    path: 'users/flagged',
    key: 'users',
    idOf: byId,
    matches: flaggedMatches,
    loadError: ADMIN_TEXT.loadFlagged,
  },
  'ai-config': {
    path: 'ai-config',
    key: 'configs',
    idOf: (r) => String((r as unknown as AiConfig).taskType),
    matches: () => true,
    loadError: ADMIN_TEXT.loadAiConfig,
  },
  messages: {
    path: 'messages',
    key: 'messages',
    idOf: byId,
    matches: (r, f) =>
      (!str(f.type) || r.type === f.type) &&
      (!str(f.status) || r.status === f.status) &&
      textMatches(search(f), r.name, r.email, r.message),
    loadError: ADMIN_TEXT.loadMessages,
  },
  'audit-log': {
    path: 'audit-log',
    key: 'entries',
    idOf: byId,
    // The server always pages and filters this list; nothing is left to do in the browser.
    matches: () => true,
    loadError: ADMIN_TEXT.loadAuditLog,
  },
  suspicious: {
    path: 'users/suspicious',
    key: 'users',
    idOf: (r) => String(r.id ?? r._id ?? r.email),
    matches: suspiciousMatches,
    loadError: ADMIN_TEXT.loadSuspicious,
  },
  // Support messages and the audit log: their sections add entries here (path, key, filter, load error).
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
