import type { Profile } from '../../src/contract/user';

/**
 * The fields a docs/product.md#user-profile profile is made from: a drizzle user row, or a raw SQL row (where numbers may arrive as
 * strings and dates as strings).
 */
export interface ProfileSource {
  id: string;
  displayName: string;
  name: string;
  email: string;
  plan: Profile['plan'];
  subscriptionStatus: Profile['subscriptionStatus'] | undefined;
  role: string;
  emailVerified: boolean;
  adsDisabled: boolean;
  storageUsed: number | string;
  storageLimit: number | string;
  createdAt: Date | string;
  flaggedForAbuse: boolean;
  lastFlaggedReason: string | null;
  flaggedAt: Date | string | null;
}

export const iso = (d: Date | string | null): string | null =>
  d === null ? null : new Date(d).toISOString();

/** docs/product.md#user-profile profile of a user; the password hash and Google subject never leave the server. */
export function toProfile(user: ProfileSource): Profile {
  return {
    _id: user.id,
    displayName: user.displayName,
    name: user.name || user.displayName,
    email: user.email,
    plan: user.plan,
    subscriptionStatus: user.subscriptionStatus ?? null,
    role: user.role,
    emailVerified: user.emailVerified,
    adsDisabled: user.adsDisabled,
    storageUsed: Number(user.storageUsed),
    storageLimit: Number(user.storageLimit),
    createdAt: iso(user.createdAt)!,
    flaggedForAbuse: user.flaggedForAbuse,
    lastFlaggedReason: user.lastFlaggedReason ?? null,
    flaggedAt: iso(user.flaggedAt),
  };
}
