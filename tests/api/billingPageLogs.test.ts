import { describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { bearer, registerUser, sharedTestApp } from './harness';

const lines: string[] = [];
const sink = new Writable({
  write(chunk, _enc, done) {
    lines.push(String(chunk));
    done();
  },
});
const t = sharedTestApp({ LOG_LEVEL: 'info' }, { logger: true, logStream: sink });

describe('request logs of the embedded billing pages', () => {
  it('show the checkout and portal page ids as [redacted]', async () => {
    const { token } = await registerUser(t.app);
    const start = await t.app.inject({
      method: 'GET',
      url: '/api/auth/stripe/create-checkout-session',
      headers: { ...bearer(token), accept: 'application/json' },
    });
    const checkout = new URL(start.json().url as string).pathname;
    const checkoutId = checkout.split('/').pop()!;
    await t.app.inject({ method: 'GET', url: `${checkout}?from=dashboard` });
    await t.app.inject({
      method: 'POST',
      url: checkout,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'cardNumber=4242424242424242',
    });
    const portal = await t.app.inject({
      method: 'POST',
      url: '/api/billing/create-portal-session',
      headers: bearer(token),
      payload: { return_url: 'http://localhost:3000/settings' },
    });
    const portalPath = new URL(portal.json().url as string).pathname;
    const portalId = portalPath.split('/').pop()!;
    await t.app.inject({ method: 'GET', url: portalPath });
    await t.app.inject({ method: 'POST', url: `${portalPath}/cancel` });

    const urls = lines
      .map((line) => (JSON.parse(line) as { req?: { url: string } }).req?.url)
      .filter(Boolean);
    expect(urls).toEqual(
      expect.arrayContaining([
        '/api/billing/local/checkout/[redacted]?from=dashboard',
        '/api/billing/local/checkout/[redacted]',
        '/api/billing/local/portal/[redacted]',
        '/api/billing/local/portal/[redacted]/cancel',
      ]),
    );
    const log = lines.join('');
    expect(log).not.toContain(checkoutId);
    expect(log).not.toContain(portalId);
  });
});
