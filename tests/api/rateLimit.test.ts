import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { registerUser, startTestApp, type TestApp } from './harness';
import {
  memoryRateLimitStore,
  redisRateLimitStore,
  type RateLimitStore,
} from '../../src-server/plugins/rateLimit';
import { ManualClock } from '../../src-server/clock';

const REDIS_URL = 'redis://127.0.0.1:6379';

describe('rate limits (in memory, real limits)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT_SCALE: '1' });
  });
  afterAll(() => t.close());

  it('blocks the 11th sign-in attempt for one email within 15 minutes with 429 and Retry-After, then lets it through again', async () => {
    const { email } = await registerUser(t.app, { email: 'target@example.com' });
    for (let i = 0; i < 10; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'wrong-password' },
      });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'correct-horse-1' },
    });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    expect(blocked.json().message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    t.clock.advance(15 * 60_000);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'correct-horse-1' },
    });
    expect(again.statusCode).toBe(200);
  });

  it('limits registrations and reset requests per address', async () => {
    t.clock.advance(61 * 60_000); // fresh windows
    const limits: [string, number, () => object][] = [
      [
        '/api/auth/register',
        10,
        () => ({
          email: `r${randomBytes(3).toString('hex')}@example.com`,
          password: 'secret-1',
          displayName: 'R',
        }),
      ],
      ['/api/auth/request-password-reset', 3, () => ({ email: 'target@example.com' })],
    ];
    for (const [url, max, body] of limits) {
      for (let i = 0; i < max; i++)
        expect((await t.app.inject({ method: 'POST', url, payload: body() })).statusCode).toBe(200);
      const res = await t.app.inject({ method: 'POST', url, payload: body() });
      expect(res.statusCode, url).toBe(429);
      expect(res.headers['retry-after']).toBeDefined();
    }
  });
});

describe('sign-in limit per address', () => {
  it('refuses the 101st attempt from one address within 15 minutes, whatever the emails', async () => {
    const t = await startTestApp({ RATE_LIMIT_SCALE: '1' });
    try {
      for (let i = 0; i < 100; i++) {
        const payload = { email: `spray${i}@example.com`, password: 'wrong-password' };
        const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload });
        expect(res.statusCode).toBe(401);
      }
      const payload = { email: 'one-more@example.com', password: 'wrong-password' };
      const blocked = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers['retry-after']).toBe('900');
      t.clock.advance(15 * 60_000);
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload })).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  }, 60_000);
});

describe('in-memory counters', () => {
  it('drop the oldest counter beyond their key limit, and start a new window once one ends', async () => {
    const clock = new ManualClock();
    const store = memoryRateLimitStore(clock, { maxKeys: 2 });
    expect(await store.hit('a', 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
    expect((await store.hit('a', 60_000)).count).toBe(2);
    await store.hit('b', 60_000);
    await store.hit('c', 60_000); // a third key: 'a', the oldest, goes
    expect((await store.hit('a', 60_000)).count).toBe(1);
    clock.advance(30_000);
    expect(await store.hit('a', 60_000)).toEqual({ count: 2, resetInMs: 30_000 });
    clock.advance(30_000);
    expect(await store.hit('a', 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
    await store.close();
  });
});

describe('rate limits shared through Redis', () => {
  it('counts across two app instances that share one Redis', async () => {
    const prefix = `pk:test:${randomBytes(6).toString('hex')}:`;
    const a = await startTestApp(
      { RATE_LIMIT_SCALE: '1' },
      { rateLimits: redisRateLimitStore(REDIS_URL, prefix) },
    );
    const b = await startTestApp(
      { RATE_LIMIT_SCALE: '1' },
      { rateLimits: redisRateLimitStore(REDIS_URL, prefix) },
    );
    try {
      const payload = { email: 'shared@example.com', password: 'wrong-password' };
      for (let i = 0; i < 5; i++)
        expect((await a.app.inject({ method: 'POST', url: '/api/auth/login', payload })).statusCode).toBe(
          401,
        );
      for (let i = 0; i < 5; i++)
        expect((await b.app.inject({ method: 'POST', url: '/api/auth/login', payload })).statusCode).toBe(
          401,
        );
      const blocked = await a.app.inject({ method: 'POST', url: '/api/auth/login', payload });
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await a.close();
      await b.close();
      const redis = new Redis(REDIS_URL);
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    }
  });

  it('uses Redis when REDIS_URL is set', async () => {
    const t = await startTestApp({ REDIS_URL, RATE_LIMIT_SCALE: '1000' });
    const redis = new Redis(REDIS_URL);
    try {
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'via-redis@example.com', password: 'x' },
      });
      expect(await redis.exists('pk:rl:login-ip-email:127.0.0.1|via-redis@example.com')).toBe(1);
    } finally {
      await redis.del('pk:rl:login-ip-email:127.0.0.1|via-redis@example.com', 'pk:rl:login-ip:127.0.0.1');
      await redis.quit();
      await t.close();
    }
  });
});

describe('rate limits while Redis is unreachable', () => {
  it('keeps answering and keeps counting in memory, reporting the outage once', async () => {
    const events: string[] = [];
    const t = await startTestApp(
      { RATE_LIMIT_SCALE: '1' },
      {
        // Nothing listens on port 1, so every Redis command fails.
        rateLimits: redisRateLimitStore('redis://127.0.0.1:1', 'pk:test:', {
          fallback: memoryRateLimitStore(new ManualClock()),
          onStatus: (event) => events.push(event),
        }),
      },
    );
    try {
      const payload = { email: 'outage@example.com', password: 'wrong-password' };
      for (let i = 0; i < 10; i++) {
        const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ message: 'Invalid email or password' });
      }
      const blocked = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers['retry-after']).toBe('900');
      expect(events).toEqual(['unreachable']);
    } finally {
      await t.close();
    }
  });
});

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
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: '1', RATE_LIMIT_SCALE: '1' });
  });
  afterAll(() => t.close());

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
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT_SCALE: '1' });
  });
  afterAll(() => t.close());

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
