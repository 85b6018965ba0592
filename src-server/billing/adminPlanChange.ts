import { eq } from 'drizzle-orm';
import { billingCustomers, subscriptions, users } from '../db/schema';
import { lockedUser } from '../db/lockedRows';
import { conflict } from '../errors';
import { givesPremium, isLive, type BillingContext } from './planSync';
import { existingId } from '../ids';
import { PLANS } from '../../src/config';
import { audited, type Actor } from '../admin/audited';

export const LIVE_SUBSCRIPTION_DOWNGRADE =
  'This user has a live paid subscription. Cancel it in billing first; the plan becomes free when it ends.';

/**
 * An operator's plan change (PATCH /admin/users/{id}/subscription), and the rule that keeps it from fighting
 * the billing provider:
 * - Granting premium records a complimentary grant. Provider events never downgrade a user while it is in force,
 *   so a later subscription that ends leaves the user premium.
 * - Setting free clears the grant. If the user has a live paid subscription (trialing, active, past_due) the
 *   downgrade is refused with 409: the provider would charge for a plan the user no longer has.
 * - Otherwise the provider's subscription sets the plan (a past_due one only within its grace period). The
 *   subscription status itself is only ever changed by the provider.
 */
export async function changePlanByAdmin(
  { db, clock, config }: BillingContext,
  actor: Actor,
  userId: string,
  plan: 'free' | 'premium',
): Promise<void> {
  userId = existingId(userId);
  const now = clock.now();
  await db.transaction(async (tx) => {
    const user = await lockedUser(tx, userId);
    const [grant] = await tx
      .select({ complimentary: billingCustomers.complimentary })
      .from(billingCustomers)
      .where(eq(billingCustomers.userId, userId));
    const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    const live = sub && isLive(sub.status);
    if (plan === 'free' && live) throw conflict(LIVE_SUBSCRIPTION_DOWNGRADE);
    const complimentary = plan === 'premium';
    await tx
      .insert(billingCustomers)
      .values({ userId, complimentary, updatedAt: now })
      .onConflictDoUpdate({ target: billingCustomers.userId, set: { complimentary, updatedAt: now } });
    // The plan follows the provider's subscription (none here gives no Premium) or the grant; the status
    // column is left as the provider last wrote it.
    const paid = givesPremium(sub, now, config.BILLING_PAST_DUE_GRACE_DAYS);
    const effective = paid || complimentary ? 'premium' : 'free';
    await tx
      .update(users)
      .set({ plan: effective, storageLimit: PLANS[effective].storageBytes, updatedAt: now })
      .where(eq(users.id, userId));
    await audited(tx, actor, {
      at: now,
      action: 'user.plan',
      targetType: 'user',
      targetId: userId,
      summary: `Changed the plan of ${user.email} from ${user.plan} to ${effective}`,
      before: { plan: user.plan, complimentary: grant?.complimentary ?? false },
      after: { plan: effective, complimentary },
    });
  });
}
