import { sql, type SQL } from 'drizzle-orm';
import type { AdminUser } from '../../src/contract/admin';

/** The profile columns, cast and named so PGlite and node-postgres hand back the same JS values. */
export const PROFILE_COLUMNS: SQL = sql`
  users.id as "id", users.email as "email", users.display_name as "displayName", users.name as "name",
  users.plan as "plan", users.subscription_status as "subscriptionStatus", users.role as "role",
  users.email_verified as "emailVerified", users.ads_disabled as "adsDisabled",
  users.storage_used::float8 as "storageUsed", users.storage_limit::float8 as "storageLimit",
  users.created_at as "createdAt", users.flagged_for_abuse as "flaggedForAbuse",
  users.last_flagged_reason as "lastFlaggedReason", users.flagged_at as "flaggedAt", users.last_login_at as "lastLoginAt"`;

export interface ProfileRow {
  id: string;
  email: string;
  displayName: string;
  name: string;
  plan: 'free' | 'premium';
  subscriptionStatus: AdminUser['subscriptionStatus'];
  role: string;
  emailVerified: boolean;
  adsDisabled: boolean;
  storageUsed: number;
  storageLimit: number;
  createdAt: Date | string;
  flaggedForAbuse: boolean;
  lastFlaggedReason: string | null;
  flaggedAt: Date | string | null;
  lastLoginAt: Date | string | null;
}

export const iso = (d: Date | string | null): string | null =>
  d === null ? null : new Date(d).toISOString();

export function rowToAdminUser(r: ProfileRow & { tokens30d?: number | string | null }): AdminUser {
  return {
    _id: r.id,
    displayName: r.displayName,
    name: r.name || r.displayName,
    email: r.email,
    plan: r.plan,
    subscriptionStatus: r.subscriptionStatus ?? null,
    role: r.role,
    emailVerified: r.emailVerified,
    adsDisabled: r.adsDisabled,
    storageUsed: Number(r.storageUsed),
    storageLimit: Number(r.storageLimit),
    createdAt: iso(r.createdAt)!,
    flaggedForAbuse: r.flaggedForAbuse,
    lastFlaggedReason: r.lastFlaggedReason ?? null,
    flaggedAt: iso(r.flaggedAt),
    ...(r.tokens30d !== undefined ? { tokens30d: Number(r.tokens30d ?? 0) } : {}),
  };
}

/** Escapes % and _ so a search term matches literally inside ILIKE. */
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
