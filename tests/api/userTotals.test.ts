import { describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { sharedTestApp } from './harness';
import { GB, sharedAdminSession, userWith } from './fixtures';
import { users } from '../../src-server/db/schema';
import { rows } from '../../src-server/admin/sqlRows';
import { planGroups } from '../../src-server/admin/userTotals';

// The overview, the cost summary, the suspicious statistics and an unsearched users list read the account
// totals the users table's triggers keep, instead of counting every account. These tests change accounts in
// the ways the product does (one at a time, many in one statement, plan moves, flags, storage, deletions) and
// compare the kept totals with a count made afresh.
const t = sharedTestApp();
const admin = sharedAdminSession(t, 'totals-ops@example.com');

/** Every account counted afresh, grouped as user_totals keeps them. */
const counted = () =>
  rows<{ plan: string; status: string; count: number; flagged: number; storage: number }>(
    t.db,
    sql`select plan, coalesce(subscription_status, 'none') as status, count(*)::int as count,
               (count(*) filter (where flagged_for_abuse))::int as flagged, sum(storage_used)::float8 as storage
        from users group by 1, 2 order by 1, 2`,
  ).then((list) =>
    list.map((g) => ({
      ...g,
      count: Number(g.count),
      flagged: Number(g.flagged),
      storage: Number(g.storage),
    })),
  );

const kept = async () =>
  (await planGroups(t.app.ctx)).map(({ plan, status, count, flagged, storage }) => ({
    plan,
    status,
    count,
    flagged,
    storage,
  }));

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin${url}`, headers: admin.headers });
  expect(res.statusCode, url).toBe(200);
  return res;
};

describe('the account totals', () => {
  it('follow accounts added one by one and many at once', async () => {
    await userWith(t, { email: 'one@totals.test', storageUsed: 3 * GB });
    await userWith(t, { email: 'two@totals.test', plan: 'premium', status: 'active', storageUsed: GB });
    await t.db.insert(users).values(
      Array.from({ length: 40 }, (_, i) => ({
        email: `bulk-${i}@totals.test`,
        displayName: `Bulk ${i}`,
        plan: i % 4 === 0 ? ('premium' as const) : ('free' as const),
        subscriptionStatus: i % 4 === 0 ? ('trialing' as const) : null,
        storageUsed: i * 1000,
      })),
    );
    expect(await kept()).toEqual(await counted());
  });

  it('follow plan moves, flags, storage and deletions, and leave the counters alone for other changes', async () => {
    const bulk = await t.db
      .select({ id: users.id })
      .from(users)
      .where(sql`email like 'bulk-%@totals.test'`);
    const ids = bulk.map((b) => b.id);
    await t.db
      .update(users)
      .set({ plan: 'premium', subscriptionStatus: 'past_due' })
      .where(inArray(users.id, ids.slice(0, 10)));
    await t.db
      .update(users)
      .set({ flaggedForAbuse: true, lastFlaggedReason: 'Spam' })
      .where(inArray(users.id, ids.slice(5, 15)));
    await t.db
      .update(users)
      .set({ storageUsed: sql`storage_used + 4096` })
      .where(inArray(users.id, ids.slice(10, 30)));
    await t.db.delete(users).where(inArray(users.id, ids.slice(25, 35)));
    expect(await kept()).toEqual(await counted());

    const version = async () =>
      (
        await rows<{ v: string }>(
          t.db,
          sql`select string_agg(xmin::text, ',' order by plan, status, shard) as v from user_totals`,
        )
      )[0].v;
    const before = await version();
    await t.db
      .update(users)
      .set({ lastLoginAt: new Date(), displayName: 'Renamed' })
      .where(eq(users.email, 'one@totals.test'));
    expect(await version()).toBe(before);
  });

  it('are what the console shows: the overview, the cost summary, the statistics and the unsearched list', async () => {
    const fresh = await counted();
    const everyone = fresh.reduce((n, g) => n + g.count, 0);
    const storage = fresh.reduce((n, g) => n + g.storage, 0);
    const { overview } = (await get('/overview')).json();
    expect(overview.totalUsers).toBe(everyone);
    expect(overview.usersByPlan).toEqual(
      fresh.map((g) => ({ plan: g.plan, status: g.status, count: g.count })),
    );
    expect(overview.totalStorageUsedGB).toBe(Math.round((storage / GB) * 100) / 100);
    expect((await get('/cost-analysis/summary')).json().summary.storage.totalGB).toBe(
      Math.round((storage / GB) * 1000) / 1000,
    );
    const { statistics } = (await get('/users/suspicious?page=1&perPage=5')).json();
    expect(statistics).toMatchObject({
      totalUsers: everyone,
      flaggedUsers: fresh.reduce((n, g) => n + g.flagged, 0),
    });
    expect((await get('/users?page=1&perPage=5')).headers['x-total-count']).toBe(String(everyone));
    const pastDue = fresh.filter((g) => g.status === 'past_due').reduce((n, g) => n + g.count, 0);
    expect((await get('/users?page=1&perPage=5&subscriptionStatus=past_due')).headers['x-total-count']).toBe(
      String(pastDue),
    );
    // A search still counts its own matches, in the same pass as its page.
    const searched = await get('/users?page=2&perPage=4&search=bulk-');
    expect(searched.headers['x-total-count']).toBe('30');
    expect(searched.json().users).toHaveLength(4);
    const beyond = await get('/users?page=20&perPage=4&search=bulk-');
    expect(beyond.headers['x-total-count']).toBe('30');
    expect(beyond.json().users).toEqual([]);
  });
});
