import { isNotNull, lte, or } from 'drizzle-orm';
import type { DbContext } from '../context';
import { googleHandOffs, oauthStates, passwordResets } from '../db/schema';

/** Reset links that were used or have expired, Google sign-ins that were never finished and hand-off codes never traded, can never work again. */
export async function purgeStaleAuthLinks({ db, clock }: DbContext): Promise<void> {
  const now = clock.now();
  await db
    .delete(passwordResets)
    .where(or(isNotNull(passwordResets.usedAt), lte(passwordResets.expiresAt, now)));
  await db.delete(oauthStates).where(lte(oauthStates.expiresAt, now));
  await db.delete(googleHandOffs).where(lte(googleHandOffs.expiresAt, now));
}
