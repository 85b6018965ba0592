import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bearer, registerUser, startTestApp, type TestApp, postRawJson } from './harness';
import { billingEvents, users } from '../../src-server/db/schema';
import { runJobOnce } from '../../src-server/jobs/jobRunner';
import { DAY_MS } from '../../src-server/clock';

const WEBHOOK_SECRET = 'whsec_test_secret';
const DAY = 86_400;

interface FakeSub {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  trial_end: number | null;
  created: number;
  metadata: Record<string, string>;
  items: { object: 'list'; data: { current_period_start: number; current_period_end: number }[] };
}

/** A local stand-in for the few Stripe endpoints the provider calls; it records each request's form fields. */
function fakeStripe() {
  const subs = new Map<string, FakeSub>();
  const requests: { method: string; path: string; form: URLSearchParams }[] = [];
  let n = 0;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0];
      const form = new URLSearchParams(body);
      requests.push({ method: req.method ?? '', path, form });
      const send = (code: number, data: unknown) => {
        res.writeHead(code, { 'content-type': 'application/json' });
        res.end(JSON.stringify(data));
      };
      if (path === '/v1/customers') return send(200, { id: `cus_${++n}`, object: 'customer' });
      if (path === '/v1/checkout/sessions')
        return send(200, {
          id: `cs_${++n}`,
          object: 'checkout.session',
          url: `https://checkout.test/cs_${n}`,
        });
      if (path === '/v1/billing_portal/sessions')
        return send(200, {
          id: `bps_${++n}`,
          object: 'billing_portal.session',
          url: `https://portal.test/${n}`,
        });
      const m = /^\/v1\/subscriptions\/(\w+)$/.exec(path);
      const sub = m && subs.get(m[1]);
      if (sub && req.method === 'GET') return send(200, sub);
      if (sub && req.method === 'POST') {
        if (form.has('cancel_at_period_end'))
          sub.cancel_at_period_end = form.get('cancel_at_period_end') === 'true';
        return send(200, sub);
      }
      send(404, { error: { type: 'invalid_request_error', message: 'No such resource' } });
    });
  });
  return { server, subs, requests };
}

const fake = fakeStripe();
let t: TestApp;
const signer = new Stripe('sk_test_x');

beforeAll(async () => {
  await new Promise<void>((r) => fake.server.listen(0, '127.0.0.1', r));
  const { port } = fake.server.address() as AddressInfo;
  t = await startTestApp({
    STRIPE_SECRET_KEY: 'sk_test_x',
    STRIPE_PRICE_ID: 'price_pro',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: `http://127.0.0.1:${port}`,
  });
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((r) => (fake.server as Server).close(() => r()));
});

function post(event: { id: string; type: string; data: { object: unknown } }, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify({ object: 'event', api_version: '2025-10-29', created: 1, ...event });
  const header = signer.webhooks.generateTestHeaderString({ payload, secret });
  return t.app.inject({
    method: 'POST',
    url: '/api/billing/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    payload,
  });
}

async function userOf(email: string) {
  const [row] = await t.db.select().from(users).where(eq(users.email, email));
  return row;
}

function makeSub(id: string, userId: string, status: string, over: Partial<FakeSub> = {}): FakeSub {
  const now = Math.floor(Date.now() / 1000);
  const sub: FakeSub = {
    id,
    object: 'subscription',
    customer: `cus_for_${userId.slice(0, 8)}`,
    status,
    cancel_at_period_end: false,
    trial_end: status === 'trialing' ? now + 7 * DAY : null,
    created: now,
    metadata: { userId },
    items: { object: 'list', data: [{ current_period_start: now, current_period_end: now + 7 * DAY }] },
    ...over,
  };
  fake.subs.set(id, sub);
  return sub;
}

describe('the Stripe provider', () => {
  it('creates the customer once and offers the trial only on the first checkout', async () => {
    const { token, email } = await registerUser(t.app);
    const open = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/auth/stripe/create-checkout-session',
        headers: { ...bearer(token), accept: 'application/json' },
      });
    const first = await open();
    expect(first.json().url).toMatch(/^https:\/\/checkout\.test\//);
    const session = fake.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    expect(session.form.get('mode')).toBe('subscription');
    expect(session.form.get('allow_promotion_codes')).toBe('true');
    expect(session.form.get('subscription_data[trial_period_days]')).toBe('7');

    const user = await userOf(email);
    makeSub('sub_first', user.id, 'trialing');
    expect(
      (
        await post({
          id: 'evt_c1',
          type: 'checkout.session.completed',
          data: { object: { id: 'cs', object: 'checkout.session', subscription: 'sub_first' } },
        })
      ).statusCode,
    ).toBe(200);
    expect(await userOf(email)).toMatchObject({ plan: 'premium', subscriptionStatus: 'trialing' });

    // While the subscription is live, a second checkout is refused before Stripe is asked.
    const sessions = fake.requests.filter((r) => r.path === '/v1/checkout/sessions').length;
    const refused = await open();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'You already have an active subscription.' });
    expect(fake.requests.filter((r) => r.path === '/v1/checkout/sessions')).toHaveLength(sessions);

    // Once it has ended, the next checkout comes without a trial.
    fake.subs.get('sub_first')!.status = 'canceled';
    await post({
      id: 'evt_c2',
      type: 'customer.subscription.deleted',
      data: { object: fake.subs.get('sub_first') },
    });
    expect((await open()).statusCode).toBe(200);
    const second = fake.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    expect(second.form.get('subscription_data[trial_period_days]')).toBeNull();
    expect(fake.requests.filter((r) => r.path === '/v1/customers')).toHaveLength(1);
  });

  it('refuses a bad or missing signature and changes nothing', async () => {
    const bad = await post({ id: 'evt_bad', type: 'invoice.paid', data: { object: {} } }, 'whsec_wrong');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Invalid webhook signature');
    const none = await postRawJson(t.app, '/api/billing/webhook', '{}');
    expect(none.statusCode).toBe(400);
    expect(await t.db.select().from(billingEvents).where(eq(billingEvents.id, 'evt_bad'))).toHaveLength(0);
  });

  it('moves trial to active, ignores a duplicate, and survives events out of order', async () => {
    const { token, email } = await registerUser(t.app);
    const user = await userOf(email);
    const sub = makeSub('sub_two', user.id, 'trialing');
    await post({ id: 'evt_t1', type: 'customer.subscription.created', data: { object: sub } });
    sub.status = 'active';
    sub.trial_end = null;
    // An older "trialing" update arrives after the payment: the re-read keeps the live state.
    await post({
      id: 'evt_t2',
      type: 'invoice.paid',
      data: { object: { id: 'in_1', object: 'invoice', subscription: 'sub_two' } },
    });
    await post({
      id: 'evt_t0',
      type: 'customer.subscription.updated',
      data: { object: { ...sub, status: 'trialing' } },
    });
    expect(await userOf(email)).toMatchObject({ plan: 'premium', subscriptionStatus: 'active' });

    sub.status = 'past_due';
    const dup = await post({
      id: 'evt_t2',
      type: 'invoice.paid',
      data: { object: { id: 'in_1', object: 'invoice', subscription: 'sub_two' } },
    });
    expect(dup.statusCode).toBe(200);
    expect(dup.json()).toMatchObject({ duplicate: true });
    expect((await userOf(email)).subscriptionStatus).toBe('active');

    const other = await post({ id: 'evt_x', type: 'customer.created', data: { object: { id: 'cus_9' } } });
    expect(other.statusCode).toBe(200);

    // Cancel at period end goes through subscriptions.update.
    const cancel = await t.app.inject({
      method: 'POST',
      url: '/api/billing/cancel-subscription',
      headers: bearer(token),
    });
    expect(cancel.json().subscription.cancelAtPeriodEnd).toBe(true);
    expect(sub.cancel_at_period_end).toBe(true);
    const react = await t.app.inject({
      method: 'POST',
      url: '/api/billing/reactivate-subscription',
      headers: bearer(token),
    });
    expect(react.json().subscription.cancelAtPeriodEnd).toBe(false);

    const portal = await t.app.inject({
      method: 'POST',
      url: '/api/billing/create-portal-session',
      headers: bearer(token),
      payload: { return_url: 'http://localhost:3000/dashboard/settings' },
    });
    expect(portal.json().url).toMatch(/^https:\/\/portal\.test\//);

    sub.status = 'canceled';
    await post({ id: 'evt_del', type: 'customer.subscription.deleted', data: { object: sub } });
    expect(await userOf(email)).toMatchObject({
      plan: 'free',
      subscriptionStatus: 'canceled',
      storageLimit: 1024 ** 3,
    });
  });
});

describe('a Stripe subscription that stops being paid', () => {
  const GB = 1024 ** 3;
  let n = 0;
  /** A new account whose Stripe subscription is active, then moves to `status` (one event each). */
  async function subscribedThen(status: string) {
    const { email } = await registerUser(t.app);
    const user = await userOf(email);
    const sub = makeSub(`sub_status_${++n}`, user.id, 'active');
    await post({ id: `evt_s${n}_a`, type: 'customer.subscription.created', data: { object: sub } });
    expect(await userOf(email)).toMatchObject({ plan: 'premium', subscriptionStatus: 'active' });
    sub.status = status;
    const type = status === 'canceled' ? 'customer.subscription.deleted' : 'customer.subscription.updated';
    await post({ id: `evt_s${n}_b`, type, data: { object: sub } });
    return { email, sub };
  }

  it.each([
    ['active', 'premium', 'active'],
    ['trialing', 'premium', 'trialing'],
    ['past_due', 'premium', 'past_due'],
    ['unpaid', 'free', 'canceled'],
    ['incomplete_expired', 'free', 'canceled'],
    ['canceled', 'free', 'canceled'],
  ])('%s leaves the account %s (status %s)', async (status, plan, shown) => {
    const { email } = await subscribedThen(status);
    expect(await userOf(email)).toMatchObject({
      plan,
      subscriptionStatus: shown,
      storageLimit: plan === 'premium' ? 10 * GB : GB,
    });
  });

  it('past_due keeps Premium for the grace period from the failed payment, then the billing sweep ends it', async () => {
    const { email, sub } = await subscribedThen('past_due');
    // Stripe retries the payment and fails again a few days later: the grace still counts from the first failure.
    t.clock.advance(4 * DAY_MS);
    await post({
      id: `evt_retry_${n}`,
      type: 'invoice.payment_failed',
      data: { object: { id: 'in_retry', object: 'invoice', subscription: sub.id } },
    });
    t.clock.advance(3 * DAY_MS - 60_000);
    expect(await runJobOnce(t.app.ctx, 'billing-sweep')).toMatchObject({ ran: true });
    expect(await userOf(email)).toMatchObject({ plan: 'premium', subscriptionStatus: 'past_due' });

    t.clock.advance(2 * 60_000);
    expect(await runJobOnce(t.app.ctx, 'billing-sweep')).toMatchObject({ ran: true });
    expect(await userOf(email)).toMatchObject({
      plan: 'free',
      subscriptionStatus: 'past_due',
      storageLimit: GB,
    });
    // A later event about the same unpaid subscription does not bring Premium back.
    await post({
      id: `evt_late_${n}`,
      type: 'invoice.payment_failed',
      data: { object: { id: 'in_late', object: 'invoice', subscription: sub.id } },
    });
    expect((await userOf(email)).plan).toBe('free');

    // Paying the invoice does.
    sub.status = 'active';
    await post({
      id: `evt_paid_${n}`,
      type: 'invoice.paid',
      data: { object: { id: 'in_paid', object: 'invoice', subscription: sub.id } },
    });
    expect(await userOf(email)).toMatchObject({ plan: 'premium', subscriptionStatus: 'active' });
  });
});

describe('the webhook without a secret', () => {
  it('fails closed', async () => {
    const app = await startTestApp({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PRICE_ID: 'price_pro' });
    try {
      const res = await app.app.inject({
        method: 'POST',
        url: '/api/billing/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
        payload: '{}',
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe('Billing webhooks are not configured.');
    } finally {
      await app.close();
    }
  });
});
