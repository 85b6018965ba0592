import { eq } from 'drizzle-orm';
import type { Db } from '../db/connect';
import type { Clock } from '../clock';
import { users } from '../db/schema';
import { notFound } from '../errors';
import { PLANS } from '../../src/config';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An operator's plan change (PATCH /admin/users/{id}/subscription). It sets the plan and the storage limit
 * that goes with it, in one statement; the subscription status, which only the billing provider changes, is
 * left as it is.
 */
export async function changePlanByAdmin(
  db: Db,
  clock: Clock,
  userId: string,
  plan: 'free' | 'premium',
): Promise<void> {
  if (!UUID.test(userId)) throw notFound('User not found');
  const updated = await db
    .update(users)
    .set({ plan, storageLimit: PLANS[plan].storageBytes, updatedAt: clock.now() })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  if (!updated.length) throw notFound('User not found');
}
