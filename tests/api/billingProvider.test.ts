import { describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { bearer, registerUser, withTestApp, type TestApp } from './harness';
import { billingPageSessions } from '../../src-server/db/schema';

const NOT_CONFIGURED = { message: 'Billing is not configured.' };

const checkout = (t: TestApp, token: string, accept = 'application/json') =>
  t.app.inject({
    method: 'GET',
    url: '/api/auth/stripe/create-checkout-session',
    headers: { ...bearer(token), accept },
  });

describe('production without Stripe', () => {
  it('sells nothing: checkout and the portal answer 503 and the embedded pages do not exist', () =>
    withTestApp({ NODE_ENV: 'production' }, async (t) => {
      const { token } = await registerUser(t.app);
      const json = await checkout(t, token);
      expect(json.statusCode).toBe(503);
      expect(json.json()).toEqual(NOT_CONFIGURED);
      const page = await checkout(t, token, 'text/html');
      expect(page.statusCode).toBe(503);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('Billing is not configured.');
      expect(page.headers.location).toBeUndefined();
      const portal = await t.app.inject({
        method: 'POST',
        url: '/api/billing/create-portal-session',
        headers: bearer(token),
        payload: { return_url: 'http://localhost:3000/settings' },
      });
      expect(portal.statusCode).toBe(503);
      expect(portal.json()).toEqual(NOT_CONFIGURED);
      for (const url of ['/api/billing/cancel-subscription', '/api/billing/reactivate-subscription']) {
        const res = await t.app.inject({ method: 'POST', url, headers: bearer(token) });
        expect(res.statusCode, url).toBe(503);
        expect(res.json(), url).toEqual(NOT_CONFIGURED);
      }
      expect(await t.db.select().from(billingPageSessions)).toEqual([]);

      // The embedded provider's pages are not served: a guessed or old id finds nothing, and no card is taken.
      for (const [method, url] of [
        ['GET', '/api/billing/local/checkout/cs_guess'],
        ['POST', '/api/billing/local/checkout/cs_guess'],
        ['GET', '/api/billing/local/portal/ps_guess'],
        ['POST', '/api/billing/local/portal/ps_guess/cancel'],
      ] as const) {
        const res = await t.app.inject({
          method,
          url,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: method === 'POST' ? 'cardNumber=4242424242424242' : undefined,
        });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }

      // What a subscriber has is still shown.
      const sub = await t.app.inject({
        method: 'GET',
        url: '/api/billing/subscription',
        headers: bearer(token),
      });
      expect(sub.statusCode).toBe(404);
      expect(sub.json().message).toBe('No subscription found for this account.');
    }));

  it('runs the embedded checkout only with BILLING_PROVIDER=local, and warns once at start', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    await withTestApp(
      { NODE_ENV: 'production', BILLING_PROVIDER: 'local', LOG_LEVEL: 'info' },
      async (t) => {
        const { token } = await registerUser(t.app);
        const res = await checkout(t, token);
        expect(res.statusCode).toBe(200);
        const path = new URL(res.json().url as string).pathname;
        expect(path).toMatch(/^\/api\/billing\/local\/checkout\//);
        expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
        await checkout(t, token);
      },
      { logger: true, logStream: sink },
    );
    const warnings = lines
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((entry) => entry.msg?.includes('BILLING_PROVIDER=local'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0].level).toBe(40);
    expect(warnings[0].msg).toContain('test card 4242 4242 4242 4242');
  });

  it('outside production the embedded provider runs without asking', () =>
    withTestApp({ NODE_ENV: 'development' }, async (t) => {
      const { token } = await registerUser(t.app);
      expect((await checkout(t, token)).statusCode).toBe(200);
      expect(t.config.billingProvider).toBe('local');
    }));
});
