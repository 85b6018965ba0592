import type { ExtAccount } from '../../src/contract/ext';
import type { UserRow } from '../db/schema';
import { aiEnabled } from '../ai/aiAccess';

/** GET /api/ext/account: what the extension needs to decide on ads, storage and AI features. */
export function toExtAccount(user: UserRow): ExtAccount {
  return {
    email: user.email,
    displayName: user.displayName,
    plan: user.plan,
    subscriptionStatus: user.subscriptionStatus ?? null,
    adsDisabled: user.adsDisabled,
    // Ads are the free plan's price; Pro is ad-free, and an operator may turn them off for a free account.
    showAds: user.plan === 'free' && !user.adsDisabled,
    storageUsed: Number(user.storageUsed),
    storageLimit: Number(user.storageLimit),
    aiEnabled: aiEnabled(user),
  };
}
