import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { registerUser, startTestApp, sharedTestApp } from './harness';
import { memoryRateLimitStore, redisRateLimitStore } from '../../src-server/plugins/rateLimit';
import { ManualClock } from '../../src-server/clock';

const REDIS_URL = 'redis://127.0.0.1:6379';

describe('rate limits (in memory, real limits)', () => {
  const t = sharedTestApp({ RATE_LIMIT_SCALE: '1' });

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
