import { eq } from 'drizzle-orm';
import type { Db } from '../db/connect';
import type { Clock } from '../clock';
import { DAY_MS } from '../clock';
import { billingCustomers, subscriptions, users } from '../db/schema';
import { TEST_CARDS, completeLocalCheckout } from '../billing/localBilling';

/** How long ago the demo Pro account subscribed, so its billing period is well under way. */
const SUBSCRIBED_DAYS_AGO = 12;

/**
 * Gives premium@example.com a real subscription on the embedded provider: active (its trial was used before),
 * paid with the test card, with a current monthly period, so Billing shows real dates and it can be cancelled
 * and reactivated. It goes through the embedded checkout itself, as a customer's would. Skipped when the
 * account already has a subscription.
 */
export async function seedDemoSubscription(db: Db, clock: Clock): Promise<void> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'premium@example.com'));
  if (!user) return;
  const [existing] = await db
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(eq(subscriptions.userId, user.id));
  if (existing) return;
  const subscribedAt = new Date(clock.now().getTime() - SUBSCRIBED_DAYS_AGO * DAY_MS);
  // The trial was used on an earlier subscription: this one starts active and paid.
  await db
    .insert(billingCustomers)
    .values({ userId: user.id, trialUsed: true, createdAt: subscribedAt, updatedAt: subscribedAt })
    .onConflictDoNothing({ target: billingCustomers.userId });
  await completeLocalCheckout({ db, clock: { now: () => subscribedAt } }, user.id, {
    cardNumber: TEST_CARDS.success,
  });
}
