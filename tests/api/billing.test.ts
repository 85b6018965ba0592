import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bearer, registerUser, startTestApp, type TestApp } from './harness';
import { coupons, users } from '../../src-server/db/schema';
import { DAY_MS } from '../../src-server/clock';

const WEB = 'http://localhost:3000';
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ WEB_URL: WEB, SESSION_TTL_DAYS: '365' });
});
afterAll(() => t.close());

const json = { accept: 'application/json' };
const form = { 'content-type': 'application/x-www-form-urlencoded' };
async function checkoutUrl(token: string): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/auth/stripe/create-checkout-session',
    headers: { ...bearer(token), ...json },
  });
  expect(res.statusCode).toBe(200);
  return res.json().url;
}
const pathOf = (url: string) => new URL(url).pathname;
async function pay(token: string, card: string, coupon = '') {
  const url = await checkoutUrl(token);
  return t.app.inject({
    method: 'POST',
    url: pathOf(url),
    headers: form,
    payload: new URLSearchParams({ card, coupon }).toString(),
  });
}
const subscription = async (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/billing/subscription', headers: bearer(token) });
const me = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).json();

describe('checkout on the embedded provider', () => {
  it('starts a 7-day trial with the test card, makes the user premium with 10 GB, and returns to the dashboard', async () => {
    const { token } = await registerUser(t.app);
    expect((await subscription(token)).statusCode).toBe(404);
    const page = await t.app.inject({ method: 'GET', url: pathOf(await checkoutUrl(token)) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('$8.99');
    expect(page.body).toContain('7-day free trial');
    const res = await pay(token, '4242 4242 4242 4242');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`${WEB}/dashboard?checkout=success`);
    const sub = (await subscription(token)).json().subscription;
    expect(sub).toMatchObject({ status: 'trialing', cancelAtPeriodEnd: false });
    expect(sub.trialEnd - sub.currentPeriodStart).toBe(7 * 86400);
    expect(await me(token)).toMatchObject({
      plan: 'premium',
      subscriptionStatus: 'trialing',
      storageLimit: 10 * 1024 ** 3,
    });
  });

  it('declines 4000 0000 0000 0002 with a message and changes nothing', async () => {
    const { token } = await registerUser(t.app);
    const res = await pay(token, '4000 0000 0000 0002');
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('Your card was declined. Please use another card.');
    expect((await subscription(token)).statusCode).toBe(404);
    expect((await me(token)).plan).toBe('free');
  });

  it('accepts only an active, unexpired coupon under its limit, and counts its use', async () => {
    const now = t.clock.now();
    await t.db.insert(coupons).values([
      {
        code: 'GOOD1',
        discountType: 'percentage',
        amount: 10,
        usageLimit: 1,
        usedCount: 0,
        createdBy: 'ops',
      },
      {
        code: 'OLDONE',
        discountType: 'percentage',
        amount: 10,
        expiresAt: new Date(now.getTime() - DAY_MS),
        createdBy: 'ops',
      },
      { code: 'OFFNOW', discountType: 'percentage', amount: 10, isActive: false, createdBy: 'ops' },
    ]);
    for (const code of ['OLDONE', 'OFFNOW', 'NOSUCH']) {
      const { token } = await registerUser(t.app);
      const res = await pay(token, '4242424242424242', code);
      expect(res.statusCode, code).toBe(422);
      expect(res.body).toContain('This coupon code is not valid.');
    }
    const first = await registerUser(t.app);
    expect((await pay(first.token, '4242424242424242', 'good1')).statusCode).toBe(303);
    const [row] = await t.db.select().from(coupons).where(eq(coupons.code, 'GOOD1'));
    expect(row.usedCount).toBe(1);
    const second = await registerUser(t.app);
    expect((await pay(second.token, '4242424242424242', 'GOOD1')).body).toContain(
      'This coupon code is not valid.',
    );
  });

  it('a checkout link works once', async () => {
    const { token } = await registerUser(t.app);
    const url = await checkoutUrl(token);
    await t.app.inject({ method: 'POST', url: pathOf(url), headers: form, payload: 'card=4242424242424242' });
    const again = await t.app.inject({ method: 'GET', url: pathOf(url) });
    expect(again.statusCode).toBe(404);
  });

  it('answers a bare navigation without credentials with a readable 401 page, and a JSON caller with a message', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/auth/stripe/create-checkout-session' });
    expect(page.statusCode).toBe(401);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Please sign in first');
    const api = await t.app.inject({
      method: 'GET',
      url: '/api/auth/stripe/create-checkout-session',
      headers: json,
    });
    expect(api.json()).toEqual({ message: 'Please sign in to continue.' });
  });
});

describe('subscription lifecycle on the clock', () => {
  it('trial → active at trial end; cancel at period end → canceled and free; no second trial', async () => {
    const { token } = await registerUser(t.app);
    await pay(token, '4242424242424242');
    t.clock.advance(7 * DAY_MS + 1000);
    expect((await subscription(token)).json().subscription.status).toBe('active');
    expect((await me(token)).subscriptionStatus).toBe('active');

    const cancel = await t.app.inject({
      method: 'POST',
      url: '/api/billing/cancel-subscription',
      headers: bearer(token),
    });
    expect(cancel.json()).toMatchObject({
      message: 'Subscription will be canceled at the end of your billing period.',
      subscription: { cancelAtPeriodEnd: true },
    });
    const back = await t.app.inject({
      method: 'POST',
      url: '/api/billing/reactivate-subscription',
      headers: bearer(token),
    });
    expect(back.json()).toMatchObject({
      message: 'Subscription reactivated successfully!',
      subscription: { cancelAtPeriodEnd: false },
    });
    await t.app.inject({ method: 'POST', url: '/api/billing/cancel-subscription', headers: bearer(token) });
    t.clock.advance(32 * DAY_MS);
    expect((await subscription(token)).json().subscription.status).toBe('canceled');
    expect(await me(token)).toMatchObject({
      plan: 'free',
      subscriptionStatus: 'canceled',
      storageLimit: 1024 ** 3,
    });

    await pay(token, '4242424242424242');
    expect((await subscription(token)).json().subscription).toMatchObject({
      status: 'active',
      trialEnd: null,
    });
  });

  it('a failed renewal makes the subscription past due (still premium); a new card brings it back', async () => {
    const { token } = await registerUser(t.app);
    await pay(token, '4242424242424242');
    const portalPath = async () =>
      pathOf(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/billing/create-portal-session',
            headers: bearer(token),
            payload: { return_url: `${WEB}/dashboard/settings` },
          })
        ).json().url,
      );
    await t.app.inject({
      method: 'POST',
      url: `${await portalPath()}/card`,
      headers: form,
      payload: 'card=4000000000000002',
    });
    t.clock.advance(8 * DAY_MS);
    expect((await subscription(token)).json().subscription.status).toBe('past_due');
    expect((await me(token)).plan).toBe('premium');
    const fixed = await t.app.inject({
      method: 'POST',
      url: `${await portalPath()}/card`,
      headers: form,
      payload: 'card=4242424242424242',
    });
    expect(fixed.body).toContain('Your card was updated.');
    expect((await subscription(token)).json().subscription.status).toBe('active');
  });
});

describe('billing portal and errors', () => {
  it('only returns to the web app’s own origin', async () => {
    const { token } = await registerUser(t.app);
    await pay(token, '4242424242424242');
    for (const return_url of ['https://evil.example/phish', 'javascript:alert(1)', 'not a url']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/billing/create-portal-session',
        headers: bearer(token),
        payload: { return_url },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'return_url must be a URL of the web app' });
    }
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/billing/create-portal-session',
      headers: bearer(token),
      payload: { return_url: `${WEB}/dashboard` },
    });
    const page = await t.app.inject({ method: 'GET', url: pathOf(ok.json().url) });
    expect(page.body).toContain('Manage your subscription');
    expect(page.body).toContain('trialing');
    expect(page.body).toContain(`href="${WEB}/dashboard"`);
  });

  it('answers 404 with a message for a user without a subscription, and 401 without a session', async () => {
    const { token } = await registerUser(t.app);
    for (const [method, url] of [
      ['GET', '/api/billing/subscription'],
      ['POST', '/api/billing/cancel-subscription'],
      ['POST', '/api/billing/reactivate-subscription'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: bearer(token) });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: 'You have no subscription yet.' });
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    }
    const portal = await t.app.inject({
      method: 'POST',
      url: '/api/billing/create-portal-session',
      headers: bearer(token),
      payload: { return_url: `${WEB}/dashboard` },
    });
    expect(portal.statusCode).toBe(404);
    const [row] = await t.db.select().from(users).limit(1);
    expect(row).toBeDefined();
  });
});
