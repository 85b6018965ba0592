import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { injectAs, sharedTestApp } from './harness';
import { GB, userWith, smallAbuseThresholds, emailsOf, sharedAdminSession } from './fixtures';
import { users } from '../../src-server/db/schema';
import { ManualClock } from '../../src-server/clock';

const env = {
  ...smallAbuseThresholds(1),
  SESSION_TTL_DAYS: '90',
  SESSION_IDLE_DAYS: '90',
};

const t = sharedTestApp(env, { clock: new ManualClock(new Date('2026-05-01T08:00:00Z')) });
const admin = sharedAdminSession(t, 'cost-ops@example.com');
const ids: Record<string, string> = {};

// Hand-computed figures (storage at $0.1 per GB-month, AI dollars as recorded, 30-day window):
//   ann:  $0.30 AI in the window (+ $0.05 from 40 days ago, left out) + 1.5 GB × 0.1 = $0.45, under every threshold
//   ben:  $2.00 AI, 20,000 tokens + 0.5 GB × 0.1 = $2.05, over the cost and token thresholds
//   cat:  no AI + 2.5 GB × 0.1 = $0.25, over the storage threshold
//   dee:  flagged by hand, $0
//   the operator: $0
beforeAll(async () => {
  ids.ann = await userWith(t, {
    email: 'ann@example.com',
    plan: 'premium',
    status: 'active',
    storageUsed: 1.5 * GB,
    usage: [
      { tokens: 3000, cost: 0.3, daysAgo: 2 },
      { tokens: 1000, cost: 0.05, daysAgo: 40 },
    ],
  });
  ids.ben = await userWith(t, {
    email: 'ben@example.com',
    name: 'Ben Big',
    storageUsed: 0.5 * GB,
    usage: [{ tokens: 20000, cost: 2, daysAgo: 1, provider: 'anthropic', model: 'claude-sonnet-4' }],
  });
  ids.cat = await userWith(t, {
    email: 'cat@example.com',
    plan: 'premium',
    status: 'trialing',
    storageUsed: 2.5 * GB,
  });
  ids.dee = await userWith(t, { email: 'dee@example.com' });
  await t.db
    .update(users)
    .set({ flaggedForAbuse: true, lastFlaggedReason: 'Spam: test', flaggedAt: t.clock.now() })
    .where(eq(users.id, ids.dee));
});

const asAdmin = injectAs(t, admin, '/api/admin');
const get = (url: string) => asAdmin('GET', url);

describe('GET /admin/users/suspicious', () => {
  it('lists flagged users and rule breakers, costliest first, with reasons from the abuse rules', async () => {
    const res = await get('/users/suspicious');
    expect(res.statusCode).toBe(200);
    const { users: list } = res.json();
    expect(list.map((u: { email: string }) => u.email)).toEqual([
      'ben@example.com',
      'cat@example.com',
      'dee@example.com',
    ]);
    expect(list[0]).toEqual({
      _id: ids.ben,
      email: 'ben@example.com',
      displayName: 'Ben Big',
      name: 'Ben Big',
      plan: 'free',
      tokensUsed30d: 20000,
      storageUsedMB: 512,
      estimatedCost: expect.closeTo(2.05, 6),
      flaggedForAbuse: false,
      suspiciousReasons: [
        'Cost: $2.050 estimated over 30 days (threshold $1)',
        'Tokens: 20,000 tokens in 30 days (threshold 10,000)',
      ],
    });
    expect(list[1]).toMatchObject({
      tokensUsed30d: 0,
      storageUsedMB: 2560,
      suspiciousReasons: ['Storage: 2.50 GB stored (threshold 2 GB)'],
    });
    expect(list[1].estimatedCost).toBeCloseTo(0.25, 6);
    expect(list[2]).toMatchObject({ flaggedForAbuse: true, estimatedCost: 0, suspiciousReasons: [] });
  });

  it('gives statistics over every user, with the configured thresholds', async () => {
    const { statistics } = (await get('/users/suspicious')).json();
    expect(statistics).toMatchObject({
      totalUsers: 5,
      flaggedUsers: 1,
      thresholds: { TOKENS_30D: 10000, STORAGE_GB: 2, COST_DOLLAR: 1 },
    });
    expect(statistics.totalEstimatedCost).toBeCloseTo(2.75, 6);
    expect(statistics.averageEstimatedCost).toBeCloseTo(0.55, 6);
  });

  it('pages and sorts when asked, with the total in X-Total-Count', async () => {
    const res = await get('/users/suspicious?page=1&perPage=2&sort=estimatedCost&order=ASC');
    expect(res.headers['x-total-count']).toBe('3');
    expect(emailsOf(res)).toEqual(['dee@example.com', 'cat@example.com']);
  });

  it('drops usage as it leaves the 30-day window', async () => {
    (t.clock as ManualClock).advance(30 * 86_400_000);
    const { users: list } = (await get('/users/suspicious')).json();
    expect(list.map((u: { email: string }) => u.email)).toEqual(['cat@example.com', 'dee@example.com']);
    (t.clock as ManualClock).advance(-30 * 86_400_000);
  });
});

describe('GET /admin/cost-analysis/summary', () => {
  it('sums 30 days of tokens and AI dollars, and a month of storage', async () => {
    const res = await get('/cost-analysis/summary');
    expect(res.statusCode).toBe(200);
    const { summary } = res.json();
    expect(summary.tokens.total).toBe(23000);
    expect(summary.tokens.cost).toBeCloseTo(2.3, 6);
    expect(summary.storage.totalGB).toBeCloseTo(4.5, 3);
    expect(summary.storage.cost).toBeCloseTo(0.45, 6);
    expect(summary.total.estimatedCost).toBeCloseTo(2.75, 6);
  });

  it('breaks the window down by provider and model', async () => {
    const { models } = (await get('/cost-analysis/by-model')).json();
    expect(models).toEqual([
      { provider: 'anthropic', model: 'claude-sonnet-4', tokens: 20000, cost: 2 },
      { provider: 'openai', model: 'gpt-4o-mini', tokens: 3000, cost: 0.3 },
    ]);
  });
});
