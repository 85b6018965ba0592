import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bearer, logIn, registerUser, sharedTestApp } from './harness';
import { GB, OPS, userBy, couponWith } from './fixtures';
import { billingCustomers, coupons } from '../../src-server/db/schema';
import {
  advanceSubscriptions,
  changeLocalCard,
  completeLocalCheckout,
  findSubscription,
  setCancelAtPeriodEnd,
} from '../../src-server/billing/localBilling';
import { DAY_MS } from '../../src-server/clock';
import { changePlanByAdmin } from '../../src-server/billing/adminPlanChange';
import { runJobOnce } from '../../src-server/jobs/jobRunner';

const t = sharedTestApp();
const userRow = (email: string) => userBy(t, { email });

/** Runs the embedded checkout the way the browser does: JSON url, then the hosted form. */
async function checkout(token: string, form: Record<string, string>) {
  const start = await t.app.inject({
    method: 'GET',
    url: '/api/auth/stripe/create-checkout-session',
    headers: { ...bearer(token), accept: 'application/json' },
  });
  expect(start.statusCode).toBe(200);
  const path = new URL(start.json().url as string).pathname;
  const page = await t.app.inject({ method: 'GET', url: path });
  const res = await t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
  return { path, page, res };
}

/** A billing call as the signed-in user, as the account page makes it. */
const billing = (token: string, method: 'GET' | 'POST', path: string, payload?: object) =>
  t.app.inject({ method, url: `/api/billing/${path}`, headers: bearer(token), payload });
const getSub = (token: string) => billing(token, 'GET', 'subscription');
const portalSession = (token: string, payload: object = { return_url: 'http://localhost:3000/settings' }) =>
  billing(token, 'POST', 'create-portal-session', payload);

describe('billing endpoints', () => {
  it('answer 401 without a session', async () => {
    const subscriptionRoutes = [
      ['GET', 'subscription'],
      ['POST', 'cancel-subscription'],
      ['POST', 'reactivate-subscription'],
    ] as const;
    for (const [method, path] of subscriptionRoutes) {
      const res = await t.app.inject({ method, url: `/api/billing/${path}` });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Please sign in to continue.');
    }
    const json = await t.app.inject({
      method: 'GET',
      url: '/api/auth/stripe/create-checkout-session',
      headers: { accept: 'application/json' },
    });
    expect(json.statusCode).toBe(401);
    const page = await t.app.inject({
      method: 'GET',
      url: '/api/auth/stripe/create-checkout-session',
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(401);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Please sign in to your account');
  });

  it('answer 404 {message} for a user without a subscription', async () => {
    const { token } = await registerUser(t.app);
    const res = await getSub(token);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No subscription found for this account.');
    expect((await billing(token, 'POST', 'cancel-subscription')).statusCode).toBe(404);
    expect((await portalSession(token)).statusCode).toBe(404);
  });

  it('say so for an operator-granted Premium without a subscription, and offer nothing to bill', async () => {
    const { token, email } = await registerUser(t.app);
    await changePlanByAdmin(t, OPS, (await userRow(email)).id, 'premium');
    const res = await getSub(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ subscription: null, complimentary: true });
    for (const path of ['cancel-subscription', 'reactivate-subscription']) {
      const change = await billing(token, 'POST', path);
      expect(change.statusCode).toBe(404);
      expect(change.json().message).toBe('No subscription found for this account.');
    }
    expect((await portalSession(token)).statusCode).toBe(404);
  });

  it('runs checkout with a trial, cancel and reactivate, and the portal', async () => {
    const { token, email } = await registerUser(t.app);
    const declined = await checkout(token, { cardNumber: '4000 0000 0000 0002' });
    expect(declined.page.body).toContain('7-day free trial');
    expect(declined.res.statusCode).toBe(400);
    expect(declined.res.body).toContain('Your card was declined. Please use another card.');
    expect((await userRow(email)).plan).toBe('free');

    const ok = await checkout(token, { cardNumber: '4242 4242 4242 4242' });
    expect(ok.res.statusCode).toBe(200);
    expect(ok.res.body).toContain('Your Pro subscription is ready');
    // Single use: the same checkout link no longer works.
    const again = await t.app.inject({ method: 'GET', url: ok.path });
    expect(again.statusCode).toBe(404);

    expect(await userRow(email)).toMatchObject({
      plan: 'premium',
      subscriptionStatus: 'trialing',
      storageLimit: 10 * GB,
    });
    expect((await getSub(token)).json().complimentary).toBe(false);
    const sub = (await getSub(token)).json().subscription;
    expect(sub.status).toBe('trialing');
    expect(sub.cancelAtPeriodEnd).toBe(false);
    expect(sub.trialEnd).toBe(sub.currentPeriodEnd);
    expect(sub.currentPeriodEnd - sub.currentPeriodStart).toBe(7 * 86400);

    const cancel = await billing(token, 'POST', 'cancel-subscription');
    expect(cancel.json()).toMatchObject({
      message: 'Subscription will be canceled at the end of your billing period.',
      subscription: { cancelAtPeriodEnd: true },
    });
    const reactivate = await billing(token, 'POST', 'reactivate-subscription');
    expect(reactivate.json()).toMatchObject({
      message: 'Subscription reactivated successfully!',
      subscription: { cancelAtPeriodEnd: false },
    });

    const foreign = await portalSession(token, { return_url: 'https://evil.example/settings' });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe('return_url must be on http://localhost:3000');
    const missing = await portalSession(token, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('return_url');

    const portal = await portalSession(token);
    const portalPath = new URL(portal.json().url as string).pathname;
    const page = await t.app.inject({ method: 'GET', url: portalPath });
    expect(page.body).toContain('Trial');
    expect(page.body).toContain('href="http://localhost:3000/settings"');
    const cancelled = await t.app.inject({ method: 'POST', url: `${portalPath}/cancel` });
    expect(cancelled.body).toContain('Subscription will be canceled at the end of your billing period.');
    expect((await getSub(token)).json().subscription.cancelAtPeriodEnd).toBe(true);
    // Each portal page serves one action; the answer's form carries the next page's id.
    const nextPath = new URL(/action="([^"]+)\/reactivate"/.exec(cancelled.body)![1]).pathname;
    const back = await t.app.inject({ method: 'POST', url: `${nextPath}/reactivate` });
    expect(back.body).toContain('Subscription reactivated successfully!');
  });
});

describe('the embedded lifecycle on the clock', () => {
  it('turns a paid trial active, a declined card past_due, and a pending cancel into free', async () => {
    const { email } = await registerUser(t.app);
    const userId = (await userRow(email)).id;
    const sub = () => findSubscription(t.app.ctx, userId);
    await completeLocalCheckout(t.app.ctx, userId, { cardNumber: '4242424242424242' });
    t.clock.advance(7 * DAY_MS - 1000);
    expect((await sub())?.status).toBe('trialing');
    t.clock.advance(2000);
    expect((await sub())?.status).toBe('active');
    expect(await userRow(email)).toMatchObject({
      plan: 'premium',
      subscriptionStatus: 'active',
      storageLimit: 10 * GB,
    });

    // The periodic sweep renews without a read; a card that declines leaves the renewal unpaid.
    await t.db.update(billingCustomers).set({ cardLast4: '0002' }).where(eq(billingCustomers.userId, userId));
    t.clock.advance(32 * DAY_MS);
    expect(await advanceSubscriptions(t.app.ctx)).toBeGreaterThanOrEqual(1);
    expect(await userRow(email)).toMatchObject({ plan: 'premium', subscriptionStatus: 'past_due' });

    // A working card pays the open invoice.
    await expect(changeLocalCard(t.app.ctx, userId, '4000 0000 0000 0002')).rejects.toThrow(
      'Your card was declined. Please use another card.',
    );
    await changeLocalCard(t.app.ctx, userId, '4242 4242 4242 4242');
    expect((await sub())?.status).toBe('active');

    await setCancelAtPeriodEnd(t.app.ctx, userId, true);
    t.clock.advance(32 * DAY_MS);
    expect((await sub())?.status).toBe('canceled');
    expect(await userRow(email)).toMatchObject({
      plan: 'free',
      subscriptionStatus: 'canceled',
      storageLimit: 1 * GB,
    });
    await expect(setCancelAtPeriodEnd(t.app.ctx, userId, false)).rejects.toThrow('No subscription found');

    // One trial per user: resubscribing starts active, and the checkout page says so.
    const token = await logIn(t.app, email);
    const re = await checkout(token, { cardNumber: '4242424242424242' });
    expect(re.page.body).toContain('Your free trial has been used.');
    const again = (await getSub(token)).json().subscription;
    expect(again.status).toBe('active');
    expect(again.trialEnd).toBeNull();
  });

  it('ends Premium of a past_due subscription once the grace period since the failed charge is over', async () => {
    const { email } = await registerUser(t.app);
    const userId = (await userRow(email)).id;
    await completeLocalCheckout(t.app.ctx, userId, { cardNumber: '4242424242424242' });
    await t.db.update(billingCustomers).set({ cardLast4: '0002' }).where(eq(billingCustomers.userId, userId));
    // The trial's end charges the declining card; the sweep notices a minute later.
    t.clock.advance(7 * DAY_MS + 60_000);
    expect(await runJobOnce(t.app.ctx, 'billing-sweep')).toMatchObject({ ran: true });
    expect(await userRow(email)).toMatchObject({ plan: 'premium', subscriptionStatus: 'past_due' });

    // The grace period (7 days by default) counts from the failed charge, not from when it was noticed.
    t.clock.advance(7 * DAY_MS - 2 * 60_000);
    expect(await runJobOnce(t.app.ctx, 'billing-sweep')).toMatchObject({ ran: true });
    expect((await userRow(email)).plan).toBe('premium');
    t.clock.advance(2 * 60_000);
    expect(await runJobOnce(t.app.ctx, 'billing-sweep')).toMatchObject({ ran: true });
    expect(await userRow(email)).toMatchObject({
      plan: 'free',
      subscriptionStatus: 'past_due',
      storageLimit: 1 * GB,
    });

    // A working card pays the open invoice and brings Premium back.
    await changeLocalCard(t.app.ctx, userId, '4242 4242 4242 4242');
    expect(await userRow(email)).toMatchObject({
      plan: 'premium',
      subscriptionStatus: 'active',
      storageLimit: 10 * GB,
    });
  });

  it('redeems only a valid coupon and counts its use', async () => {
    const { token } = await registerUser(t.app);
    await couponWith(t, { code: 'SAVE20', discountType: 'percentage', amount: 20, usageLimit: 1 });
    await couponWith(t, { code: 'OLD', amount: 2, expiresAt: new Date(t.clock.now().getTime() - DAY_MS) });
    const expired = await checkout(token, { cardNumber: '4242424242424242', couponCode: 'old' });
    expect(expired.res.statusCode).toBe(400);
    expect(expired.res.body).toContain('This coupon code is not valid.');
    const ok = await checkout(token, { cardNumber: '4242424242424242', couponCode: 'save20' });
    expect(ok.res.statusCode).toBe(200);
    const [row] = await t.db.select().from(coupons).where(eq(coupons.code, 'SAVE20'));
    expect(row.usedCount).toBe(1);
    const other = await registerUser(t.app);
    const usedUp = await checkout(other.token, { cardNumber: '4242424242424242', couponCode: 'SAVE20' });
    expect(usedUp.res.statusCode).toBe(400);
  });
});
