import { eq } from 'drizzle-orm';
import type { DbContext } from '../context';
import { billingCustomers, users } from '../db/schema';
import { completeLocalCheckout } from './localBilling';
import { claimPageSession } from './pageSessions';

/** A free trial is offered once per customer. */
export async function trialAvailable({ db }: DbContext, userId: string): Promise<boolean> {
  const [customer] = await db.select().from(billingCustomers).where(eq(billingCustomers.userId, userId));
  return !customer?.trialUsed;
}

/**
 * Claims a checkout page and starts the subscription in one transaction: of two concurrent submits one wins and
 * the other finds the page used (false); a declined card throws and rolls the claim back, so the page can be
 * tried again.
 */
export async function checkoutFromPage(
  ctx: DbContext,
  pageId: string,
  form: { cardNumber: string; couponCode?: string },
): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const claimed = await claimPageSession({ ...ctx, db: tx }, pageId, 'checkout');
    if (!claimed) return false;
    await completeLocalCheckout({ ...ctx, db: tx }, claimed.userId, form);
    return true;
  });
}

/** The user's plan as the portal page shows it. */
export async function planOf({ db }: DbContext, userId: string): Promise<'free' | 'premium'> {
  const [user] = await db.select({ plan: users.plan }).from(users).where(eq(users.id, userId));
  return user?.plan ?? 'free';
}
