import type { AdminUser, AiConfig, Coupon, SuspiciousUser } from '../../src/contract/admin';
import { ADMIN_TEXT } from './adminMessages';
import { textMatches } from './listQuery';

type Row = Record<string, unknown>;
type Filter = Record<string, unknown>;

/** How one react-admin resource maps onto its docs/product.md#admin-endpoints list endpoint. */
export interface ResourceSpec {
  path: string;
  /** The key holding the array when the body is an object ({users}, {coupons}, {configs}). */
  key: string;
  idOf: (row: Row) => string;
  /** The spec's own query parameters for the filter. */
  query: (filter: Filter) => Record<string, string | undefined>;
  /** The same filter applied in the browser, for a backend that ignores it. */
  matches: (row: Row, filter: Filter) => boolean;
  loadError: string;
}

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);

function userMatches(row: Row, f: Filter): boolean {
  const u = row as unknown as AdminUser;
  if (str(f.subscriptionStatus) && u.subscriptionStatus !== f.subscriptionStatus) return false;
  if (str(f.plan) && u.plan !== f.plan) return false;
  return textMatches(f.search ?? f.q, u.email, u.name, u.displayName);
}

/** docs/product.md#console-coupons coupon status filter: active means usable now, expired means past its date. */
function couponMatches(row: Row, f: Filter): boolean {
  const c = row as unknown as Coupon;
  if (f.status === 'active' && !(c.isActive && !c.isExpired)) return false;
  if (f.status === 'expired' && !c.isExpired) return false;
  return textMatches(f.search ?? f.q, c.code);
}

export const RESOURCES: Record<string, ResourceSpec> = {
  users: {
    path: '/admin/users',
    key: 'users',
    idOf: (r) => String(r._id),
    query: (f) => ({
      subscriptionStatus: str(f.subscriptionStatus),
      plan: str(f.plan),
      search: str(f.search ?? f.q),
    }),
    matches: userMatches,
    loadError: ADMIN_TEXT.loadUsers,
  },
  coupons: {
    path: '/admin/coupons',
    key: 'coupons',
    idOf: (r) => String(r.id),
    query: (f) => ({ status: str(f.status), search: str(f.search ?? f.q) }),
    matches: couponMatches,
    loadError: ADMIN_TEXT.loadCoupons,
  },
  flagged: {
    path: '/admin/users/flagged',
    key: 'users',
    idOf: (r) => String(r._id),
    query: () => ({}),
    matches: (r, f) => textMatches(f.search ?? f.q, r.email, r.name, r.displayName),
    loadError: ADMIN_TEXT.loadFlagged,
  },
  'ai-config': {
    path: '/admin/ai-config',
    key: 'configs',
    idOf: (r) => String((r as unknown as AiConfig).taskType),
    query: () => ({}),
    matches: () => true,
    loadError: ADMIN_TEXT.loadAiConfig,
  },
  messages: {
    path: '/admin/messages',
    key: 'messages',
    idOf: (r) => String(r.id),
    query: (f) => ({ type: str(f.type), status: str(f.status), search: str(f.search ?? f.q) }),
    matches: (r, f) =>
      (!str(f.type) || r.type === f.type) &&
      (!str(f.status) || r.status === f.status) &&
      textMatches(f.search ?? f.q, r.name, r.email, r.message),
    loadError: ADMIN_TEXT.loadMessages,
  },
  'audit-log': {
    path: '/admin/audit-log',
    key: 'entries',
    idOf: (r) => String(r.id),
    query: (f) => ({
      actor: str(f.actor),
      action: str(f.action),
      targetType: str(f.targetType),
      targetId: str(f.targetId),
      from: str(f.from),
      to: str(f.to),
    }),
    // The server always pages and filters this list; nothing is left to do in the browser.
    matches: () => true,
    loadError: ADMIN_TEXT.loadAuditLog,
  },
  suspicious: {
    path: '/admin/users/suspicious',
    key: 'users',
    idOf: (r) => String((r as unknown as SuspiciousUser)._id ?? (r as unknown as SuspiciousUser).email),
    query: () => ({}),
    matches: (r, f) => {
      if (f.flagged === true && !r.flaggedForAbuse) return false;
      return textMatches(f.search ?? f.q, r.email, r.name, r.displayName);
    },
    loadError: ADMIN_TEXT.loadSuspicious,
  },
};

/** The array inside a list body: the body itself, or its `key` field. */
export function pickArray(body: unknown, key: string): Row[] {
  if (Array.isArray(body)) return body as Row[];
  const inner = (body as Record<string, unknown> | null)?.[key];
  return Array.isArray(inner) ? (inner as Row[]) : [];
}
