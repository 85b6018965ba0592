import { describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, sharedTestApp } from './harness';
import { memoryRateLimitStore, type RateLimitStore } from '../../src-server/plugins/rateLimit';
import { ManualClock } from '../../src-server/clock';

// Which address a sign-in attempt is counted under: behind proxies (TRUST_PROXY), per email across
// addresses, and IPv6 by its /64. The per-address limits themselves are in rateLimit.test.ts.

const login = (app: TestApp['app'], email: string, opts: { ip?: string; forwardedFor?: string } = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: 'wrong-password' },
    remoteAddress: opts.ip,
    headers: opts.forwardedFor ? { 'x-forwarded-for': opts.forwardedFor } : {},
  });

/** A store that remembers every key it counted, so a test can see which address a request was put under. */
function recordingStore(clock: ManualClock) {
  const inner = memoryRateLimitStore(clock);
  const keys: string[] = [];
  const store: RateLimitStore = {
    hit: (key, windowMs) => {
      keys.push(key);
      return inner.hit(key, windowMs);
    },
    close: () => inner.close(),
  };
  return { store, keys };
}

describe('behind a proxy (TRUST_PROXY=1)', () => {
  const t = sharedTestApp({ TRUST_PROXY: '1', RATE_LIMIT_SCALE: '1' });

  it('still refuses the 11th attempt when the client writes a different X-Forwarded-For each time', async () => {
    const email = 'spoofed@example.com';
    for (let i = 0; i < 10; i++) {
      // The client wrote the first entry; the proxy (10.0.0.2) appended the address it saw.
      const res = await login(t.app, email, { ip: '10.0.0.2', forwardedFor: `198.51.100.${i}, 203.0.113.7` });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await login(t.app, email, { ip: '10.0.0.2', forwardedFor: '192.0.2.99, 203.0.113.7' });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().message).toMatch(/^Too many attempts\./);
  });

  it('counts each client behind the proxy by the address the proxy saw', async () => {
    const other = await login(t.app, 'spoofed@example.com', { ip: '10.0.0.2', forwardedFor: '203.0.113.8' });
    expect(other.statusCode).toBe(401);
  });
});

describe('TRUST_PROXY as a list of proxy addresses and CIDRs', () => {
  it('walks X-Forwarded-For back through the listed proxies only, and ignores it from anyone else', async () => {
    const clock = new ManualClock();
    const { store, keys } = recordingStore(clock);
    const t = await startTestApp({ TRUST_PROXY: '10.0.0.0/8, 192.168.7.1' }, { clock, rateLimits: store });
    try {
      await login(t.app, 'a@example.com', { ip: '10.0.0.2', forwardedFor: 'spoof, 198.51.100.9, 10.1.2.3' });
      await login(t.app, 'b@example.com', { ip: '192.168.7.1', forwardedFor: 'spoof, 198.51.100.10' });
      await login(t.app, 'c@example.com', { ip: '192.0.2.50', forwardedFor: '198.51.100.11' });
      expect(keys.filter((k) => k.startsWith('login-ip:'))).toEqual([
        'login-ip:198.51.100.9',
        'login-ip:198.51.100.10',
        'login-ip:192.0.2.50',
      ]);
    } finally {
      await t.close();
    }
  });

  it('ignores X-Forwarded-For entirely without TRUST_PROXY', async () => {
    const clock = new ManualClock();
    const { store, keys } = recordingStore(clock);
    const t = await startTestApp({}, { clock, rateLimits: store });
    try {
      await login(t.app, 'a@example.com', { ip: '192.0.2.60', forwardedFor: '198.51.100.12' });
      expect(keys).toContain('login-ip:192.0.2.60');
    } finally {
      await t.close();
    }
  });
});

describe('sign-in limits across addresses', () => {
  const t = sharedTestApp({ RATE_LIMIT_SCALE: '1' });

  it('refuses the 31st attempt on one email within 15 minutes, even from 31 different addresses', async () => {
    const email = 'many-ips@example.com';
    for (let i = 0; i < 30; i++)
      expect((await login(t.app, email, { ip: `198.51.100.${i + 1}` })).statusCode).toBe(401);
    const blocked = await login(t.app, email, { ip: '192.0.2.200' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('900');
    // Other accounts, from those same addresses, are not affected.
    expect((await login(t.app, 'someone-else@example.com', { ip: '198.51.100.1' })).statusCode).toBe(401);
    t.clock.advance(15 * 60_000);
    expect((await login(t.app, email, { ip: '192.0.2.200' })).statusCode).toBe(401);
  }, 60_000);

  it('refuses the 7th reset request for one email within the hour, from any addresses', async () => {
    const reset = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        payload: { email: 'inbox@example.com' },
        remoteAddress: ip,
      });
    for (let i = 0; i < 6; i++) expect((await reset(`198.51.100.${i + 100}`)).statusCode).toBe(200);
    const blocked = await reset('192.0.2.201');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
  });

  it('counts IPv6 clients by their /64, and IPv4-mapped addresses as IPv4', async () => {
    const email = 'ipv6@example.com';
    for (let i = 1; i <= 10; i++)
      expect((await login(t.app, email, { ip: `2001:db8:1:2::${i.toString(16)}` })).statusCode).toBe(401);
    expect((await login(t.app, email, { ip: '2001:db8:1:2:ffff:1:2:3' })).statusCode).toBe(429);
    expect((await login(t.app, email, { ip: '2001:db8:1:3::1' })).statusCode).toBe(401);

    const mapped = 'mapped@example.com';
    for (let i = 0; i < 5; i++) await login(t.app, mapped, { ip: '203.0.113.20' });
    for (let i = 0; i < 5; i++) await login(t.app, mapped, { ip: '::ffff:203.0.113.20' });
    expect((await login(t.app, mapped, { ip: '203.0.113.20' })).statusCode).toBe(429);
  }, 60_000);
});
