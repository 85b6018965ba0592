import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { sharedTestApp } from './harness';
import { seedIfWanted } from '../../src-server/seed';
import { loadConfig } from '../../src-server/config';
import { users } from '../../src-server/db/schema';
import { connect } from '../../src-server/db/connect';
import { ManualClock } from '../../src-server/clock';

const t = sharedTestApp();

const log = () => t.app.log;
const countUsers = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(users))[0].n;

describe('demo data', () => {
  it('is never seeded in production unless SEED_DEMO=1', async () => {
    expect(await seedIfWanted(t.database, loadConfig({ NODE_ENV: 'production' }), log())).toBe(false);
    expect(await countUsers()).toBe(0);
  });

  it('seeds the three demo logins and about 200 more users with varied plans and statuses', async () => {
    expect(
      await seedIfWanted(t.database, loadConfig({ NODE_ENV: 'production', SEED_DEMO: '1' }), log()),
    ).toBe(true);
    expect(await countUsers()).toBe(203);
    for (const [email, password, expected] of [
      ['admin@example.com', 'admin-demo-1', { role: 'admin' }],
      ['user@example.com', 'user-demo-1', { plan: 'free', role: 'user' }],
      ['premium@example.com', 'premium-demo-1', { plan: 'premium', subscriptionStatus: 'active' }],
    ] as const) {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password },
      });
      expect(login.statusCode, email).toBe(200);
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${login.json().token}` },
      });
      expect(me.json()).toMatchObject(expected);
    }
    const mix = await t.db
      .select({ plan: users.plan, status: users.subscriptionStatus, n: sql<number>`count(*)::int` })
      .from(users)
      .groupBy(users.plan, users.subscriptionStatus);
    const statuses = new Set(mix.map((m) => `${m.plan}/${m.status}`));
    for (const s of ['free/null', 'premium/active', 'premium/trialing', 'premium/past_due', 'free/canceled'])
      expect(statuses).toContain(s);
  });

  it('gives the demo Pro account a real, active subscription it can cancel and reactivate', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'premium@example.com', password: 'premium-demo-1' },
    });
    const auth = { authorization: `Bearer ${login.json().token}` };
    const res = await t.app.inject({ method: 'GET', url: '/api/billing/subscription', headers: auth });
    expect(res.statusCode).toBe(200);
    const { subscription, complimentary } = res.json();
    expect(complimentary).toBe(false);
    expect(subscription).toMatchObject({ status: 'active', cancelAtPeriodEnd: false, trialEnd: null });
    const now = t.clock.now().getTime() / 1000;
    expect(subscription.currentPeriodStart).toBeLessThan(now);
    expect(subscription.currentPeriodEnd).toBeGreaterThan(now);
    const cancel = await t.app.inject({
      method: 'POST',
      url: '/api/billing/cancel-subscription',
      headers: auth,
    });
    expect(cancel.json().subscription.cancelAtPeriodEnd).toBe(true);
    const back = await t.app.inject({
      method: 'POST',
      url: '/api/billing/reactivate-subscription',
      headers: auth,
    });
    expect(back.json().subscription.cancelAtPeriodEnd).toBe(false);
  });

  it('dates the demo data from the clock it is given, not the machine’s', async () => {
    const database = await connect({ dataDir: 'memory://' });
    try {
      await database.migrate();
      const clock = new ManualClock(new Date('2026-01-15T12:00:00Z'));
      expect(await seedIfWanted(database, loadConfig({ SEED_DEMO: '1' }), log(), clock)).toBe(true);
      const result = await database.db.execute<{ day: string }>(
        sql`select max(day)::text as day from ai_usage_daily`,
      );
      expect((result as unknown as { rows: { day: string }[] }).rows[0]!.day).toBe('2026-01-15');
    } finally {
      await database.close();
    }
  });

  it('is idempotent and deterministic: seeding again adds nobody', async () => {
    const before = await t.db.select({ email: users.email }).from(users).orderBy(users.email);
    await seedIfWanted(t.database, loadConfig({ SEED_DEMO: '1' }), log());
    expect(await t.db.select({ email: users.email }).from(users).orderBy(users.email)).toEqual(before);
  });
});
