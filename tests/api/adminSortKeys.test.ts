import { describe, expect, it } from 'vitest';
import { sharedTestApp, injectAs } from './harness';
import { sharedAdminSession } from './fixtures';
import { aiConfigs } from '../../src-server/db/schema';

const t = sharedTestApp();
const admin = sharedAdminSession(t, 'sorter@example.com');

const asAdmin = injectAs(t, admin, '/api/admin');
const get = (url: string) => asAdmin('GET', url);

const LISTS = [
  [
    '/users',
    'createdAt, email, name, displayName, plan, subscriptionStatus, storageUsed, adsDisabled, tokens30d, id',
  ],
  [
    '/coupons',
    'createdAt, code, amount, usedCount, expiresAt, isActive, discountType, usageLimit, createdBy, id',
  ],
  [
    '/users/flagged',
    'flaggedAt, email, createdAt, storageUsed, name, displayName, plan, subscriptionStatus, lastFlaggedReason, storageLimit, id',
  ],
  [
    '/users/suspicious',
    'estimatedCost, tokensUsed30d, storageUsedMB, email, plan, name, displayName, flaggedForAbuse, id',
  ],
] as const;

describe('sort keys on the admin lists', () => {
  it.each(
    LISTS.flatMap(([path, keys]) =>
      ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'password_hash', 'nope'].map(
        (key) => [path, key, keys] as const,
      ),
    ),
  )('%s?sort=%s is a 400 naming the keys that work', async (path, key, keys) => {
    const res = await get(`${path}?page=1&perPage=5&sort=${encodeURIComponent(key)}&order=ASC`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: `Cannot sort by "${key}". Sort by one of: ${keys}.` });
  });

  it.each(LISTS.map(([path, keys]) => [path, keys.split(', ')] as const))(
    '%s sorts by each key it names, and by its default without one',
    async (path, keys) => {
      expect((await get(`${path}?page=1&perPage=5`)).statusCode).toBe(200);
      for (const key of keys) {
        const res = await get(`${path}?page=1&perPage=5&sort=${key}&order=DESC`);
        expect(res.statusCode, key).toBe(200);
      }
    },
  );
});

describe('AI provider names', () => {
  it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty'])(
    'refuses the provider %s with 400 and stores nothing',
    async (provider) => {
      const before = await t.db.select().from(aiConfigs);
      for (const model of [undefined, 'gpt-4o']) {
        const res = await t.app.inject({
          method: 'PATCH',
          url: '/api/admin/ai-config',
          headers: admin.headers,
          payload: { taskType: 'search', provider, model },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message: `Unknown provider: ${provider}` });
      }
      expect(await t.db.select().from(aiConfigs)).toEqual(before);
    },
  );
});
