import { sql, type SQL } from 'drizzle-orm';
import type { AdminUser } from '../../src/contract/admin';
import { toProfile, type ProfileSource } from '../auth/profile';

export { iso } from '../auth/profile';

/** The profile columns, cast and named so PGlite and node-postgres hand back the same JS values. */
export const PROFILE_COLUMNS: SQL = sql`
  users.id as "id", users.email as "email", users.display_name as "displayName", users.name as "name",
  users.plan as "plan", users.subscription_status as "subscriptionStatus", users.role as "role",
  users.email_verified as "emailVerified", users.ads_disabled as "adsDisabled",
  users.storage_used::float8 as "storageUsed", users.storage_limit::float8 as "storageLimit",
  users.created_at as "createdAt", users.flagged_for_abuse as "flaggedForAbuse",
  users.last_flagged_reason as "lastFlaggedReason", users.flagged_at as "flaggedAt", users.last_login_at as "lastLoginAt"`;

/** A row selected with PROFILE_COLUMNS. */
export type ProfileRow = ProfileSource & { lastLoginAt: Date | string | null };

/** A users-list row: the profile plus its 30-day token count when the query added it. */
export function rowToAdminUser(r: ProfileRow & { tokens30d?: number | string | null }): AdminUser {
  return { ...toProfile(r), ...(r.tokens30d !== undefined ? { tokens30d: Number(r.tokens30d ?? 0) } : {}) };
}

/** Escapes % and _ so a search term matches literally inside ILIKE. */
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
