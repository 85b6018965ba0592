import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bearer, registerUser, sharedTestApp } from './harness';
import { couponWith } from './fixtures';
import { billingPageSessions, coupons, subscriptions, users } from '../../src-server/db/schema';
import { runJobOnce } from '../../src-server/jobs/jobRunner';
import { hashToken } from '../../src-server/auth/tokens';

const t = sharedTestApp();

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const EXPIRED = 'This billing link has expired or was already used.';

async function checkoutPath(token: string): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/auth/stripe/create-checkout-session',
    headers: { ...bearer(token), accept: 'application/json' },
  });
  expect(res.statusCode).toBe(200);
  return new URL(res.json().url as string).pathname;
}
const submit = (path: string, form: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: path, headers: FORM, payload: new URLSearchParams(form).toString() });
const userId = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0].id;

describe('checkout links', () => {
  it('start one trial when the same checkout page is submitted twice at once', async () => {
    const { token, email } = await registerUser(t.app);
    await couponWith(t, { code: 'TWICE', discountType: 'percentage', amount: 10, usageLimit: 5 });
    const path = await checkoutPath(token);
    const form = { cardNumber: '4242 4242 4242 4242', couponCode: 'TWICE' };
    const results = await Promise.all([submit(path, form), submit(path, form)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    expect(results.find((r) => r.statusCode === 200)!.body).toContain('Your Pro subscription is ready');
    expect(results.find((r) => r.statusCode === 404)!.body).toContain(EXPIRED);
    const rows = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, await userId(email)));
    expect(rows.map((r) => r.status)).toEqual(['trialing']);
    const [coupon] = await t.db.select().from(coupons).where(eq(coupons.code, 'TWICE'));
    expect(coupon.usedCount).toBe(1);
  });

  it('keep one checkout row per account, however often and however fast it asks, the latest link the one that works', async () => {
    const { token, email } = await registerUser(t.app);
    const first = await checkoutPath(token);
    const again = await Promise.all([checkoutPath(token), checkoutPath(token)]);
    const rows = await t.db
      .select()
      .from(billingPageSessions)
      .where(eq(billingPageSessions.userId, await userId(email)));
    expect(rows).toHaveLength(1);
    // The row keeps only the hash of the latest link's id: the table never holds a link that acts for the user.
    const ids = [first, ...again].map((path) => path.split('/').pop()!);
    expect(new Set(ids).size).toBe(3);
    const latest = ids.find((id) => hashToken(id) === rows[0].id);
    expect(latest).toBeDefined();
    expect(ids.map((id) => id === rows[0].id)).toEqual([false, false, false]);
    const latestPath = `/api/billing/local/checkout/${latest}`;
    for (const path of [first, ...again].filter((p) => p !== latestPath)) {
      const stale = await t.app.inject({ method: 'GET', url: path });
      expect(stale.statusCode).toBe(404);
      expect(stale.body).toContain('This billing link has expired or was already used.');
    }
    // A used page is not handed out again: once it has started the subscription, checkout is refused.
    expect((await submit(latestPath, { cardNumber: '4242424242424242' })).statusCode).toBe(200);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/auth/stripe/create-checkout-session',
      headers: { ...bearer(token), accept: 'application/json' },
    });
    expect(refused.statusCode).toBe(409);
  });

  it('start one subscription when two checkout pages of one user are submitted at once', async () => {
    // Two open pages no longer come from checkout requests; one left from before is still guarded against.
    const { token, email } = await registerUser(t.app);
    const a = await checkoutPath(token);
    const id = await userId(email);
    const expiresAt = new Date(t.clock.now().getTime() + 60_000);
    await t.db.insert(billingPageSessions).values({
      id: hashToken('cs_second_page'),
      userId: id,
      kind: 'checkout',
      returnUrl: 'http://x',
      expiresAt,
    });
    const b = '/api/billing/local/checkout/cs_second_page';
    const form = { cardNumber: '4242424242424242' };
    const results = await Promise.all([submit(a, form), submit(b, form)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.body).toContain(
      'You already have an active subscription.',
    );
    const rows = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, id));
    expect(rows).toHaveLength(1);
  });

  it('keep a page usable after a declined card, and refuse a new checkout while a subscription is live', async () => {
    const { token } = await registerUser(t.app);
    const path = await checkoutPath(token);
    expect((await submit(path, { cardNumber: '4000 0000 0000 0002' })).statusCode).toBe(400);
    expect((await submit(path, { cardNumber: '4242 4242 4242 4242' })).statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/auth/stripe/create-checkout-session',
      headers: { ...bearer(token), accept: 'application/json' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'You already have an active subscription.' });
  });
});

describe('portal links', () => {
  it('are single use: a replayed action finds the page used, and the answer carries a fresh page', async () => {
    const { token } = await registerUser(t.app);
    expect((await submit(await checkoutPath(token), { cardNumber: '4242424242424242' })).statusCode).toBe(
      200,
    );
    const portal = await t.app.inject({
      method: 'POST',
      url: '/api/billing/create-portal-session',
      headers: bearer(token),
      payload: { return_url: 'http://localhost:3000/dashboard/settings' },
    });
    const path = new URL(portal.json().url as string).pathname;
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(200);

    const cancel = await t.app.inject({ method: 'POST', url: `${path}/cancel` });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.body).toContain('Subscription will be canceled at the end of your billing period.');
    const replay = await t.app.inject({ method: 'POST', url: `${path}/reactivate` });
    expect(replay.statusCode).toBe(404);
    expect(replay.body).toContain(EXPIRED);
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);

    const next = /action="http:\/\/localhost:3000\/api(\/billing\/local\/portal\/[^/"]+)\/reactivate"/.exec(
      cancel.body,
    );
    expect(next).not.toBeNull();
    expect(next![1]).not.toBe(path.replace(/^\/api/, ''));
    const reactivate = await t.app.inject({ method: 'POST', url: `/api${next![1]}/reactivate` });
    expect(reactivate.statusCode).toBe(200);
    expect(reactivate.body).toContain('Subscription reactivated successfully!');
    const sub = await t.app.inject({
      method: 'GET',
      url: '/api/billing/subscription',
      headers: bearer(token),
    });
    expect(sub.json().subscription.cancelAtPeriodEnd).toBe(false);
  });
});

describe('billing pages', () => {
  it('are never cached: each page and each answer to its forms says Cache-Control: no-store', async () => {
    const { token } = await registerUser(t.app);
    const start = await t.app.inject({
      method: 'GET',
      url: '/api/auth/stripe/create-checkout-session',
      headers: { ...bearer(token), accept: 'application/json' },
    });
    const path = new URL(start.json().url as string).pathname;
    const page = await t.app.inject({ method: 'GET', url: path });
    const declined = await submit(path, { cardNumber: '4000 0000 0000 0002' });
    const paid = await submit(path, { cardNumber: '4242 4242 4242 4242' });
    const used = await t.app.inject({ method: 'GET', url: path });
    const portal = await t.app.inject({
      method: 'POST',
      url: '/api/billing/create-portal-session',
      headers: bearer(token),
      payload: { return_url: 'http://localhost:3000/settings' },
    });
    const portalPath = new URL(portal.json().url as string).pathname;
    const portalPage = await t.app.inject({ method: 'GET', url: portalPath });
    const cancel = await t.app.inject({ method: 'POST', url: `${portalPath}/cancel` });
    const answers = { start, page, declined, paid, used, portal, portalPage, cancel };
    expect(Object.values(answers).map((r) => r.statusCode)).toEqual([200, 200, 400, 200, 404, 200, 200, 200]);
    for (const [name, res] of Object.entries(answers))
      expect(res.headers['cache-control'], name).toBe('no-store');
  });

  it('used or expired are deleted by the auth-link-purge job; open ones stay', async () => {
    const { token: oldToken, email: oldEmail } = await registerUser(t.app);
    const { token: usedToken, email: usedEmail } = await registerUser(t.app);
    await checkoutPath(oldToken);
    expect((await submit(await checkoutPath(usedToken), { cardNumber: '4242424242424242' })).statusCode).toBe(
      200,
    );
    t.clock.advance(31 * 60_000);
    const { token: openToken, email: openEmail } = await registerUser(t.app);
    const open = await checkoutPath(openToken);
    const pagesOf = async (email: string) =>
      t.db
        .select()
        .from(billingPageSessions)
        .where(eq(billingPageSessions.userId, await userId(email)));
    expect((await pagesOf(oldEmail)).length + (await pagesOf(usedEmail)).length).toBe(2);

    expect(await runJobOnce(t.app.ctx, 'auth-link-purge')).toMatchObject({ ran: true });
    expect(await pagesOf(oldEmail)).toEqual([]);
    expect(await pagesOf(usedEmail)).toEqual([]);
    expect((await pagesOf(openEmail)).map((p) => p.id)).toEqual([hashToken(open.split('/').pop()!)]);
    expect((await t.app.inject({ method: 'GET', url: open })).statusCode).toBe(200);
  });
});
