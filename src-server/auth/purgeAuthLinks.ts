import { isNotNull, lte, or } from 'drizzle-orm';
import type { Db } from '../db/connect';
import type { Clock } from '../clock';
import { oauthStates, passwordResets } from '../db/schema';

/** Reset links that were used or have expired, and Google sign-ins that were never finished, can never work again. */
export async function purgeStaleAuthLinks(db: Db, clock: Clock): Promise<void> {
  const now = clock.now();
  await db
    .delete(passwordResets)
    .where(or(isNotNull(passwordResets.usedAt), lte(passwordResets.expiresAt, now)));
  await db.delete(oauthStates).where(lte(oauthStates.expiresAt, now));
}
