import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { sharedTestApp } from './harness';
import { categorizationUsage, userWith, sharedAdminSession } from './fixtures';
import { ManualClock, DAY_MS } from '../../src-server/clock';
import { recordAiUsage, recordAiUsages, type AiUsage } from '../../src-server/usage/recordAiUsage';

const NOW = new Date('2026-06-15T10:00:00Z');
const t = sharedTestApp(
  // The clock moves by months here: the operator's session must outlive it.
  { ABUSE_TOKENS_30D: '5000', SESSION_TTL_DAYS: '365', SESSION_IDLE_DAYS: '365' },
  { clock: new ManualClock(NOW) },
);
const admin = sharedAdminSession(t, 'rollup-ops@example.com');

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin${url}`, headers: admin.headers });
  expect(res.statusCode, url).toBe(200);
  return res.json();
};
const usage = (userId: string, tokens: number, daysAgo: number, extra: Partial<AiUsage> = {}) =>
  categorizationUsage(t, userId, tokens, daysAgo, extra);
const tokensOf = async (email: string) =>
  (await get(`/users?search=${encodeURIComponent(email)}`)).users[0].tokens30d as number;
const count = async (table: string) =>
  Number(
    (
      (await t.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0].n,
  );

describe('recordAiUsage', () => {
  it('writes nothing when the caller’s transaction rolls back', async () => {
    const id = await userWith(t, { email: 'rollback@example.com' });
    const before = await Promise.all(
      ['ai_usage_events', 'ai_usage_daily', 'ai_usage_daily_by_model'].map(count),
    );
    await expect(
      t.db.transaction(async (tx) => {
        await recordAiUsage(tx, usage(id, 100, 0));
        throw new Error('the tags could not be saved');
      }),
    ).rejects.toThrow('the tags could not be saved');
    expect(
      await Promise.all(['ai_usage_events', 'ai_usage_daily', 'ai_usage_daily_by_model'].map(count)),
    ).toEqual(before);
    expect(await tokensOf('rollback@example.com')).toBe(0);
  });

  it('keeps every token when many requests of one user are recorded at once', async () => {
    const id = await userWith(t, { email: 'burst@example.com' });
    await tokensOf('burst@example.com'); // the window is built: later events go to ai_usage_30d directly
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.db.transaction((tx) => recordAiUsage(tx, usage(id, 100 + i, 0))),
      ),
    );
    expect(await tokensOf('burst@example.com')).toBe(20 * 100 + 190);
    const { usage: u } = await get(`/users/${id}?days=1`);
    expect(u.aiTokens.total).toBe(2190);
  });
});

describe('the console figures', () => {
  let id: string;
  beforeAll(async () => {
    id = await userWith(t, { email: 'figures@example.com' });
    await t.db.transaction((tx) =>
      recordAiUsages(tx, [
        usage(id, 1000, 25),
        usage(id, 2000, 25, { provider: 'anthropic', model: 'claude-sonnet-4', cost: 0.5 }),
        usage(id, 3000, 5),
        usage(id, 9999, 45),
      ]),
    );
  });

  it('read the rollups, so they stay the same when old events are pruned', async () => {
    const before = {
      overview: (await get('/overview')).overview,
      cost: (await get('/cost-analysis/summary')).summary,
      tokens: await tokensOf('figures@example.com'),
      suspicious: (await get('/users/suspicious')).users,
    };
    expect(before.tokens).toBe(6000);
    expect(before.suspicious.find((u: { email: string }) => u.email === 'figures@example.com')).toMatchObject(
      {
        tokensUsed30d: 6000,
      },
    );
    expect(before.cost.byModel).toContainEqual({
      provider: 'anthropic',
      model: 'claude-sonnet-4',
      tokens: 2000,
      cost: 0.5,
    });
    await t.db.execute(sql`delete from ai_usage_events`);
    expect((await get('/overview')).overview).toEqual(before.overview);
    expect((await get('/cost-analysis/summary')).summary).toEqual(before.cost);
    expect(await tokensOf('figures@example.com')).toBe(6000);
    expect((await get('/users/suspicious')).users).toEqual(before.suspicious);
    expect((await get(`/users/${id}?days=60`)).usage.aiTokens.total).toBe(15999);
  });

  it('move with the clock: days leave the 30-day window, and come back if the clock does', async () => {
    const dayOf = (d: { day: string }) => d.day;
    t.clock.advance(10 * DAY_MS);
    expect(await tokensOf('figures@example.com')).toBe(3000);
    const { overview } = await get('/overview');
    expect(overview.dailyUsage.map(dayOf)).not.toContain('2026-05-21');
    const suspicious = (await get('/users/suspicious')).users;
    expect(suspicious.find((u: { email: string }) => u.email === 'figures@example.com')).toBeUndefined();
    t.clock.set(NOW);
    expect(await tokensOf('figures@example.com')).toBe(6000);
    t.clock.advance(100 * DAY_MS);
    expect(await tokensOf('figures@example.com')).toBe(0);
    expect((await get('/overview')).overview.totalTokenUsage).toBe(0);
    t.clock.set(NOW);
    expect(await tokensOf('figures@example.com')).toBe(6000);
  });

  it('sort users by their 30-day tokens', async () => {
    const { users } = await get('/users?page=1&perPage=3&sort=tokens30d&order=DESC');
    expect(users.map((u: { email: string; tokens30d: number }) => [u.email, u.tokens30d])).toEqual([
      ['figures@example.com', 6000],
      ['burst@example.com', 2190],
      [expect.any(String), 0],
    ]);
    // A page within the users who have tokens is read down the tokens index; it agrees with the full order.
    const top = await get('/users?page=1&perPage=2&sort=tokens30d&order=DESC');
    expect(top.users.map((u: { _id: string }) => u._id)).toEqual(
      users.slice(0, 2).map((u: { _id: string }) => u._id),
    );
    const second = await get('/users?page=2&perPage=1&sort=tokens30d&order=DESC&plan=free');
    expect(second.users.map((u: { email: string }) => u.email)).toEqual(['burst@example.com']);
  });
});
