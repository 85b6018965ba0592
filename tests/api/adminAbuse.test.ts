import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from './harness';
import { adminSession, GB, userWith } from './adminHarness';
import { abuseCheckRuns, users } from '../../src-server/db/schema';
import { abuseChecksSettled } from '../../src-server/admin/abuseService';
import { DAY_MS } from '../../src-server/clock';

// Thresholds small enough to reason about: 10,000 tokens, 2 GB, $1; storage at $0.50 per GB-month.
const env = {
  ABUSE_TOKENS_30D: '10000',
  ABUSE_STORAGE_GB: '2',
  ABUSE_COST_DOLLAR: '1',
  STORAGE_COST_PER_GB_MONTH: '0.5',
};
let t: TestApp;
let admin: Awaited<ReturnType<typeof adminSession>>;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp(env);
  admin = await adminSession(t, 'abuse-admin@example.com');
  // tokens over (12,000 > 10,000); cost 0.2 + 0 = 0.2
  ids.chatty = await userWith(t, {
    email: 'chatty@example.com',
    usage: [{ tokens: 12_000, cost: 0.2, daysAgo: 2 }],
  });
  // storage 3 GB > 2 GB and over the free plan's 1 GB; cost 3 × 0.5 = 1.5 > 1
  ids.hoarder = await userWith(t, { email: 'hoarder@example.com', storageUsed: 3 * GB });
  // old usage only: outside the window, so clean
  ids.former = await userWith(t, {
    email: 'former@example.com',
    usage: [{ tokens: 50_000, cost: 5, daysAgo: 31 }],
  });
  ids.quiet = await userWith(t, {
    email: 'quiet@example.com',
    storageUsed: GB / 2,
    usage: [{ tokens: 100, cost: 0.001, daysAgo: 1 }],
  });
});
afterAll(() => t.close());

const call = (method: string, url: string, payload?: object) =>
  t.app.inject({ method: method as 'GET', url, headers: admin.headers, payload });

describe('flagging by hand', () => {
  it('requires a reason and a user that exists', async () => {
    const blank = await call('POST', `/api/admin/users/${ids.quiet}/flag`, { reason: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ message: 'Reason for flagging is required' });
    const missing = await call('POST', '/api/admin/users/00000000-0000-4000-8000-000000000000/flag', {
      reason: 'Spam: x',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'User not found' });
  });

  it('flags with a reason, lists the user, records who did it, then unflags', async () => {
    expect(
      (await call('POST', `/api/admin/users/${ids.quiet}/flag`, { reason: 'Spam: bulk saving' })).json(),
    ).toEqual({ message: 'User flagged' });
    const flagged = (await call('GET', '/api/admin/users/flagged')).json().users;
    expect(flagged).toEqual([
      expect.objectContaining({
        email: 'quiet@example.com',
        flaggedForAbuse: true,
        lastFlaggedReason: 'Spam: bulk saving',
      }),
    ]);
    const history = (await call('GET', `/api/admin/users/${ids.quiet}/abuse-history`)).json().history;
    expect(history).toMatchObject({
      email: 'quiet@example.com',
      userId: ids.quiet,
      currentlyFlagged: true,
      shouldFlag: false,
      currentViolations: [],
      lastFlaggedReason: 'Spam: bulk saving',
    });
    expect(history.userStats).toMatchObject({
      plan: 'free',
      storageUsed: GB / 2,
      storageLimit: GB,
      lastLogin: null,
    });
    expect(history.history).toEqual([
      expect.objectContaining({ action: 'flag', reason: 'Spam: bulk saving', by: 'abuse-admin@example.com' }),
    ]);

    t.clock.advance(1000);
    expect((await call('POST', `/api/admin/users/${ids.quiet}/unflag`)).json()).toEqual({
      message: 'User unflagged',
    });
    expect((await call('GET', '/api/admin/users/flagged')).json().users).toEqual([]);
    const after = (await call('GET', `/api/admin/users/${ids.quiet}/abuse-history`)).json().history;
    expect(after.history.map((e: { action: string }) => e.action)).toEqual(['unflag', 'flag']);
  });
});

describe('the abuse rules', () => {
  it('finds the current violations and says the user should be flagged', async () => {
    const h = (await call('GET', `/api/admin/users/${ids.hoarder}/abuse-history`)).json().history;
    expect(h.currentViolations).toEqual([
      'Cost: $1.500 estimated over 30 days (threshold $1)',
      'Storage: 3.00 GB stored (threshold 2 GB)',
      'Plan limit: 3.00 GB used of 1 GB allowed',
    ]);
    expect(h.shouldFlag).toBe(true);
    expect(
      (await call('GET', `/api/admin/users/${ids.former}/abuse-history`)).json().history.currentViolations,
    ).toEqual([]);
  });

  it('lists suspicious users costliest first with hand-computed costs, reasons and statistics', async () => {
    const res = await call('GET', '/api/admin/users/suspicious');
    const { users: list, statistics } = res.json();
    expect(list.map((u: { email: string }) => u.email)).toEqual([
      'hoarder@example.com',
      'chatty@example.com',
    ]);
    expect(list[0]).toMatchObject({
      plan: 'free',
      tokensUsed30d: 0,
      storageUsedMB: 3072,
      estimatedCost: 1.5,
      flaggedForAbuse: false,
    });
    expect(list[1]).toMatchObject({
      tokensUsed30d: 12000,
      estimatedCost: 0.2,
      suspiciousReasons: ['Tokens: 12,000 tokens in 30 days (threshold 10,000)'],
    });
    // everyone: admin 0, chatty 0.2, hoarder 1.5, former 0 (outside window), quiet 0.001 + 0.25 = 0.251
    expect(statistics).toEqual({
      totalUsers: 5,
      flaggedUsers: 0,
      averageEstimatedCost: 0.3902,
      totalEstimatedCost: 1.951,
      thresholds: { TOKENS_30D: 10000, STORAGE_GB: 2, COST_DOLLAR: 1 },
    });
  });

  it('sums the cost summary over the window', async () => {
    const { summary } = (await call('GET', '/api/admin/cost-analysis/summary')).json();
    expect(summary).toEqual({
      tokens: { total: 12100, cost: 0.201 },
      storage: { totalGB: 3.5, cost: 1.75 },
      total: { estimatedCost: 1.951 },
    });
  });

  it('runs in the background, flags violators with "Category: detail" reasons, records history, and never runs twice at once', async () => {
    // Another API process is running one: this one does not start a second.
    await t.db
      .insert(abuseCheckRuns)
      .values({ status: 'running', startedAt: t.clock.now(), startedBy: 'other-process' });
    const blocked = await call('POST', '/api/admin/abuse/check');
    expect(blocked.statusCode).toBe(202);
    expect(blocked.json()).toEqual({ message: 'An abuse check is already running.', started: false });
    // That process died: after 15 minutes its run counts as abandoned.
    t.clock.advance(16 * 60_000);
    const first = await call('POST', '/api/admin/abuse/check');
    expect(first.json()).toEqual({ message: 'Abuse check started.', started: true });
    await abuseChecksSettled();

    const flagged = (await call('GET', '/api/admin/users/flagged')).json().users as {
      email: string;
      lastFlaggedReason: string;
    }[];
    expect(Object.fromEntries(flagged.map((u) => [u.email, u.lastFlaggedReason]))).toEqual({
      'hoarder@example.com': 'Cost: $1.500 estimated over 30 days (threshold $1)',
      'chatty@example.com': 'Tokens: 12,000 tokens in 30 days (threshold 10,000)',
    });
    const h = (await call('GET', `/api/admin/users/${ids.chatty}/abuse-history`)).json().history;
    expect(h.history[0]).toMatchObject({ action: 'flag', by: 'abuse-check' });
    const runs = await t.db.select().from(abuseCheckRuns);
    expect(runs).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ status: 'failed', error: 'abandoned', startedBy: 'other-process' }),
        expect.objectContaining({ status: 'done', flagged: 2, startedBy: 'abuse-admin@example.com' }),
      ]),
    );

    const stats = (await call('GET', '/api/admin/abuse/stats')).json().stats;
    expect(stats).toEqual({
      totalFlagged: 2,
      flaggedToday: 2,
      flaggedThisWeek: 2,
      mostCommonReasons: [
        { reason: 'Cost', count: 1 },
        { reason: 'Tokens', count: 1 },
      ],
    });
  });

  it('mark safe clears the flag and lowers the flagged count', async () => {
    const res = await call('PATCH', `/api/admin/users/${ids.chatty}/mark-safe`);
    expect(res.json()).toEqual({ message: 'User marked as safe' });
    const [row] = await t.db.select().from(users).where(eq(users.id, ids.chatty));
    expect(row.flaggedForAbuse).toBe(false);
    expect((await call('GET', '/api/admin/users/suspicious')).json().statistics.flaggedUsers).toBe(1);
  });

  it('counts flags of today and of this week by the clock', async () => {
    t.clock.advance(2 * DAY_MS);
    expect((await call('GET', '/api/admin/abuse/stats')).json().stats).toMatchObject({
      totalFlagged: 1,
      flaggedToday: 0,
      flaggedThisWeek: 1,
    });
    t.clock.advance(6 * DAY_MS);
    expect((await call('GET', '/api/admin/abuse/stats')).json().stats).toMatchObject({
      totalFlagged: 1,
      flaggedToday: 0,
      flaggedThisWeek: 0,
    });
  });
});
