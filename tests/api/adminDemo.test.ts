import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { bearer, startTestApp, type TestApp } from './harness';
import { seedDemo } from '../../src-server/seed/demo';
import { abuseChecksSettled } from '../../src-server/admin/abuseCheck';

let t: TestApp;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await startTestApp();
  await seedDemo(t.db, t.clock, t.app.ctx.uploads);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'admin@example.com', password: 'admin-demo-1' },
  });
  headers = bearer(res.json().token);
});
afterAll(() => t.close());

const call = async (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => {
  const res = await t.app.inject({ method, url: `/api/admin${url}`, headers, payload });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
};

describe('the console on demo data', () => {
  it('has 30 days of usage behind the overview and the users list', async () => {
    const { overview } = await call('GET', '/overview');
    expect(overview.totalUsers).toBe(203);
    expect(overview.totalTokenUsage).toBeGreaterThan(0);
    expect(overview.dailyUsage.length).toBeGreaterThanOrEqual(30);
    const { users } = await call('GET', '/users');
    expect(users.filter((u: { tokens30d: number }) => u.tokens30d > 0).length).toBeGreaterThan(50);
    const days = await t.db.execute(
      sql`select count(distinct date_trunc('day', created_at)) as n from ai_usage_events`,
    );
    expect(Number((days as unknown as { rows: { n: number }[] }).rows[0].n)).toBeGreaterThanOrEqual(30);
  });

  it('has saved posts and media behind every user’s storage, and usage behind every rollup', async () => {
    const q = async <T>(query: ReturnType<typeof sql>) =>
      (await t.db.execute(query)) as unknown as { rows: T[] };
    const { rows: mismatched } = await q<{ email: string }>(sql`
      select email from users u where storage_used <> coalesce((select sum(size_bytes) from posts where user_id = u.id), 0)
        + coalesce((select sum(size_bytes) from post_media where user_id = u.id), 0)`);
    expect(mismatched).toEqual([]);
    const { rows: totals } = await q<{ users: number; posts: number; media: number; over: number }>(sql`
      select (select count(distinct user_id)::int from posts) as users, (select count(*)::int from posts) as posts,
             (select count(*)::int from post_media) as media,
             (select count(*)::int from users where storage_used > storage_limit) as over`);
    expect(totals[0].users).toBe(203);
    expect(totals[0].media).toBeGreaterThan(100);
    expect(totals[0].over).toBeGreaterThan(0);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'premium@example.com', password: 'premium-demo-1' },
    });
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/ext/posts?perPage=100',
      headers: bearer(login.json().token),
    });
    expect(mine.json().posts.length).toBe(18);
    expect(mine.json().posts.some((p: { tags: string[] }) => p.tags.length > 0)).toBe(true);
    const { rows: usage } = await q<{ events: number; daily: number; models: number }>(sql`
      select (select sum(total_tokens)::float8 from ai_usage_events) as events,
             (select sum(tokens)::float8 from ai_usage_daily) as daily,
             (select sum(tokens)::float8 from ai_usage_daily_by_model) as models`);
    expect(usage[0].daily).toBe(usage[0].events);
    expect(usage[0].models).toBe(usage[0].events);
  });

  it('has coupons in every display status: Active, Inactive, Expired and Used Up', async () => {
    const { coupons } = await call('GET', '/coupons');
    type C = { isActive: boolean; isExpired: boolean; usageLimit: number | null; usedCount: number };
    const status = (c: C) =>
      !c.isActive
        ? 'Inactive'
        : c.isExpired
          ? 'Expired'
          : c.usageLimit !== null && c.usedCount >= c.usageLimit
            ? 'Used Up'
            : 'Active';
    expect(new Set(coupons.map(status))).toEqual(new Set(['Active', 'Inactive', 'Expired', 'Used Up']));
    expect((await call('GET', '/coupons/stats')).stats.totalCoupons).toBe(coupons.length);
  });

  it('has flagged users with history and reasons in Category: detail form', async () => {
    const { users } = await call('GET', '/users/flagged');
    expect(users.length).toBeGreaterThan(0);
    const { history } = await call('GET', `/users/${users[0]._id}/abuse-history`);
    expect(history.currentlyFlagged).toBe(true);
    expect(history.history.length).toBeGreaterThan(1);
    const { stats } = await call('GET', '/abuse/stats');
    expect(stats.totalFlagged).toBe(users.length);
    for (const r of stats.mostCommonReasons) expect(r.reason).not.toContain(':');
  });

  it('records every flag and unflag of the demo history in the audit log, at the same moments', async () => {
    type Event = { action: string; at: string };
    const { users } = await call('GET', '/users/flagged');
    for (const u of users) {
      const { history } = await call('GET', `/users/${u._id}/abuse-history`);
      const { entries } = await call('GET', `/audit-log?targetId=${u._id}`);
      const flagEntries = entries.filter(
        (e: Event) => e.action === 'user.flag' || e.action === 'user.unflag',
      );
      expect(flagEntries.map((e: Event) => [e.action, e.at])).toEqual(
        history.history.map((h: Event) => [`user.${h.action}`, h.at]),
      );
      expect(history.history.map((h: Event) => h.action)).toEqual(['flag', 'unflag', 'flag']);
    }
  });

  it('has contact and support messages, one with a PNG screenshot and one resolved, and audited changes', async () => {
    const { messages } = await call('GET', '/messages');
    expect(messages).toHaveLength(4);
    expect(messages.map((m: { type: string }) => m.type).sort()).toEqual([
      'contact',
      'contact',
      'support',
      'support',
    ]);
    const resolved = messages.filter((m: { status: string }) => m.status === 'resolved');
    expect(resolved).toEqual([
      expect.objectContaining({ name: 'Omar Haddad', handledBy: 'admin@example.com' }),
    ]);
    const withShot = messages.filter((m: { hasScreenshot: boolean }) => m.hasScreenshot);
    expect(withShot).toHaveLength(1);
    const shot = await t.app.inject({
      method: 'GET',
      url: `/api/admin/messages/${withShot[0].id}/screenshot`,
      headers,
    });
    expect(shot.statusCode).toBe(200);
    expect(shot.headers['content-type']).toBe('image/png');
    const { entries } = await call('GET', '/audit-log');
    expect(
      entries
        .map((e: { action: string }) => e.action)
        .filter((a: string) => a !== 'user.flag' && a !== 'user.unflag'),
    ).toEqual(['user.ads', 'message.status', 'coupon.update']);
    expect(new Set(entries.map((e: { actor: string }) => e.actor))).toEqual(new Set(['admin@example.com']));
  });

  it('answers every other admin call', async () => {
    expect((await call('GET', '/ai-config')).configs).toHaveLength(5);
    expect(Object.keys((await call('GET', '/ai-config/providers')).providers)).toContain('openai');
    const { users, statistics } = await call('GET', '/users/suspicious');
    expect(users.length).toBeGreaterThan(0);
    expect(statistics.totalUsers).toBe(203);
    expect((await call('GET', '/cost-analysis/summary')).summary.total.estimatedCost).toBeGreaterThan(0);
    const someone = (await call('GET', '/users?search=user@example.com')).users[0];
    expect((await call('GET', `/users/${someone._id}?days=30`)).usage.aiTokens.total).toBeGreaterThan(0);
    expect((await call('POST', '/abuse/check')).started).toBe(true);
    await abuseChecksSettled();
    expect((await call('GET', '/abuse/stats')).stats.totalFlagged).toBeGreaterThan(0);
  });
});
