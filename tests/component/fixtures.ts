import type { Profile } from '../../src/contract/user';
import { NEW_ACCOUNT } from '../fixtures/newAccount';

// The accounts and coupons the site and console tests show: one shape each, changed per test by its overrides.

/** A signed-in account as GET /api/auth/me answers it: a free user unless the overrides say otherwise. */
export function profile(overrides: Partial<Profile> = {}): Profile {
  return {
    _id: 'u1',
    displayName: 'Erin Example',
    name: 'Erin Example',
    email: 'erin@example.com',
    ...NEW_ACCOUNT,
    createdAt: '2026-01-01T00:00:00.000Z',
    lastFlaggedReason: null,
    flaggedAt: null,
    ...overrides,
  };
}

/** A row of the console's Users list: the account and its AI tokens of the last 30 days. */
export const userRow = (overrides: Partial<Profile> = {}, tokens30d = 0) => ({
  ...profile({ emailVerified: true, ...overrides }),
  tokens30d,
});

/** The i-th of a list of Users rows: odd ones on an active premium plan, each created a day after the last. */
export const numberedUserRow = (i: number, overrides: Partial<Profile> = {}, tokens30d = 0) =>
  userRow(
    {
      _id: `u${i}`,
      email: `user${i}@example.com`,
      name: `User ${i}`,
      displayName: `User ${i}`,
      plan: i % 2 ? 'premium' : 'free',
      subscriptionStatus: i % 2 ? 'active' : null,
      createdAt: new Date(Date.UTC(2026, 0, i)).toISOString(),
      ...overrides,
    },
    tokens30d,
  );

/** A coupon as the console's Coupons list receives it: an active 10 % coupon unless `extra` says otherwise. */
export const coupon = (id: string, extra: Record<string, unknown>) => ({
  id,
  code: id.toUpperCase(),
  discountType: 'percentage',
  amount: 10,
  usageLimit: null,
  usedCount: 0,
  expiresAt: null,
  isActive: true,
  isExpired: false,
  createdBy: 'admin@example.com',
  createdAt: '2026-11-01T00:00:00.000Z',
  ...extra,
});
