import { describe, expect, it } from 'vitest';
import { registerUser, sharedTestApp } from './harness';
import { GB, OPS, userBy } from './fixtures';
import { DAY_MS } from '../../src-server/clock';
import { LIVE_SUBSCRIPTION_DOWNGRADE, changePlanByAdmin } from '../../src-server/billing/adminPlanChange';
import {
  completeLocalCheckout,
  findSubscription,
  setCancelAtPeriodEnd,
} from '../../src-server/billing/localBilling';

const t = sharedTestApp();

const newUser = async () => (await userBy(t, { email: (await registerUser(t.app)).email })).id;
const row = (id: string) => userBy(t, { id });

describe('an operator plan change next to the billing provider', () => {
  it('grants a complimentary premium that a subscription ending does not take away', async () => {
    const id = await newUser();
    await completeLocalCheckout(t.app.ctx, id, { cardNumber: '4242424242424242' });
    await setCancelAtPeriodEnd(t.app.ctx, id, true);
    await changePlanByAdmin(t, OPS, id, 'premium');
    t.clock.advance(8 * DAY_MS);
    expect((await findSubscription(t.app.ctx, id))?.status).toBe('canceled');
    expect(await row(id)).toMatchObject({
      plan: 'premium',
      storageLimit: 10 * GB,
      subscriptionStatus: 'canceled',
    });
    // Taking the grant back once the subscription is over makes the user free.
    await changePlanByAdmin(t, OPS, id, 'free');
    expect(await row(id)).toMatchObject({ plan: 'free', storageLimit: 1 * GB });
  });

  it('refuses to downgrade a live paid subscription with 409 and changes nothing', async () => {
    const id = await newUser();
    await completeLocalCheckout(t.app.ctx, id, { cardNumber: '4242424242424242' });
    await expect(changePlanByAdmin(t, OPS, id, 'free')).rejects.toMatchObject({
      statusCode: 409,
      message: LIVE_SUBSCRIPTION_DOWNGRADE,
    });
    expect(await row(id)).toMatchObject({ plan: 'premium', subscriptionStatus: 'trialing' });
  });

  it('sets premium and free for a user who never subscribed, and 404s for an unknown one', async () => {
    const id = await newUser();
    await changePlanByAdmin(t, OPS, id, 'premium');
    expect(await row(id)).toMatchObject({ plan: 'premium', storageLimit: 10 * GB, subscriptionStatus: null });
    await changePlanByAdmin(t, OPS, id, 'free');
    expect(await row(id)).toMatchObject({ plan: 'free', storageLimit: 1 * GB });
    await expect(
      changePlanByAdmin(t, OPS, '00000000-0000-4000-8000-000000000000', 'free'),
    ).rejects.toMatchObject({
      statusCode: 404,
    });
  });
});
