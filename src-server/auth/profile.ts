import type { Profile } from '../../src/contract/user';
import type { UserRow } from '../db/schema';

/** SPEC §3 profile of a user row; the password hash and Google subject never leave the server. */
export function toProfile(user: UserRow): Profile {
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
    storageUsed: user.storageUsed,
    storageLimit: user.storageLimit,
    createdAt: user.createdAt.toISOString(),
    flaggedForAbuse: user.flaggedForAbuse,
    lastFlaggedReason: user.lastFlaggedReason ?? null,
    flaggedAt: user.flaggedAt ? user.flaggedAt.toISOString() : null,
  };
}
