import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { injectAs, sharedTestApp } from './harness';
import { GB, userWith, smallAbuseThresholds, sharedAdminSession } from './fixtures';
import { abuseCheckRuns, abuseFlagEvents, users } from '../../src-server/db/schema';
import { DAY_MS, ManualClock } from '../../src-server/clock';
import { ABUSE_CHECK_JOB, abuseChecksSettled } from '../../src-server/admin/abuseCheck';
import { claimJob, ensureJobRows } from '../../src-server/jobs/jobLease';

const env = smallAbuseThresholds(1);
const NOW = new Date('2026-03-10T12:00:00Z');

const t = sharedTestApp(env, { clock: new ManualClock(NOW) });
const admin = sharedAdminSession(t, 'abuse-ops@example.com');
const ids: Record<string, string> = {};

beforeAll(async () => {
  ids.tokens = await userWith(t, {
    email: 'tokens@example.com',
    usage: [{ tokens: 12000, cost: 0.02, daysAgo: 2 }],
  });
  ids.old = await userWith(t, { email: 'old@example.com', usage: [{ tokens: 50000, cost: 9, daysAgo: 31 }] });
  ids.storage = await userWith(t, {
    email: 'storage@example.com',
    plan: 'premium',
    status: 'active',
    storageUsed: 3 * GB,
  });
  ids.cost = await userWith(t, {
    email: 'cost@example.com',
    usage: [
      { tokens: 4000, cost: 0.75, daysAgo: 1 },
      { tokens: 4000, cost: 0.75, daysAgo: 29 },
    ],
  });
  ids.limit = await userWith(t, { email: 'limit@example.com', storageUsed: 1.5 * GB });
  ids.clean = await userWith(t, {
    email: 'clean@example.com',
    storageUsed: 0.5 * GB,
    usage: [{ tokens: 100, cost: 0.001, daysAgo: 0 }],
  });
});

const call = injectAs(t, admin, '/api/admin');
const history = async (id: string) => (await call('GET', `/users/${id}/abuse-history`)).json().history;

describe('abuse history before any flag', () => {
  it('lists the violations of each rule as Category: detail, and says the user should be flagged', async () => {
    expect((await history(ids.tokens)).currentViolations).toEqual([
      'Tokens: 12,000 tokens in 30 days (threshold 10,000)',
    ]);
    expect((await history(ids.storage)).currentViolations).toEqual([
      'Storage: 3.00 GB stored (threshold 2 GB)',
    ]);
    expect((await history(ids.cost)).currentViolations).toEqual([
      'Cost: $1.500 estimated over 30 days (threshold $1)',
    ]);
    expect((await history(ids.limit)).currentViolations).toEqual([
      'Plan limit: 1.50 GB used of 1 GB allowed',
    ]);
    const clean = await history(ids.clean);
    expect(clean).toMatchObject({ currentViolations: [], shouldFlag: false, currentlyFlagged: false });
    expect(clean).toMatchObject({ lastFlaggedReason: null, flaggedAt: null, history: [] });
  });

  it('ignores usage older than 30 days', async () => {
    expect((await history(ids.old)).currentViolations).toEqual([]);
  });

  it('carries the §3 fields', async () => {
    const h = await history(ids.storage);
    expect(h).toMatchObject({
      email: 'storage@example.com',
      userId: ids.storage,
      userStats: { plan: 'premium', lastLogin: null, storageUsed: 3 * GB, storageLimit: 10 * GB },
      shouldFlag: true,
      currentlyFlagged: false,
    });
    expect(h.userStats.createdAt).toBe(new Date(NOW.getTime() - 10 * DAY_MS).toISOString());
  });

  it('answers 404 for an unknown user', async () => {
    const res = await call('GET', '/users/00000000-0000-4000-8000-000000000000/abuse-history');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('User not found');
  });
});

describe('POST /admin/abuse/check', () => {
  it('never starts while another process runs the check, and takes over once that process has died', async () => {
    // Another process claimed the abuse-check job and opened its run, then died without finishing.
    await ensureJobRows(t.db, [{ name: ABUSE_CHECK_JOB, firstRunAt: t.clock.now() }]);
    expect(
      await claimJob(t.db, ABUSE_CHECK_JOB, 'other-process', t.clock.now(), 15 * 60_000, true),
    ).not.toBeNull();
    await t.db
      .insert(abuseCheckRuns)
      .values({ status: 'running', startedAt: NOW, startedBy: 'other@example.com' });
    const busy = await call('POST', '/abuse/check');
    expect(busy.statusCode).toBe(202);
    expect(busy.json()).toEqual({ message: 'An abuse check is already running.', started: false });
    expect(await t.db.select().from(abuseFlagEvents)).toHaveLength(0);

    // Its lease (15 minutes, renewed while a process lives) runs out.
    (t.clock as ManualClock).advance(16 * 60_000);
    const res = await call('POST', '/abuse/check');
    expect(res.json()).toEqual({ message: 'Abuse check started.', started: true });
    await abuseChecksSettled();
    const runs = await t.db.select().from(abuseCheckRuns);
    expect(runs.map((r) => [r.startedBy, r.status]).sort()).toEqual([
      ['abuse-ops@example.com', 'done'],
      ['other@example.com', 'failed'],
    ]);
    expect(runs.find((r) => r.status === 'done')?.flagged).toBe(4);
    expect(runs.find((r) => r.status === 'failed')?.error).toBe('abandoned');
  });

  it('flagged each violator with its reason and recorded the history', async () => {
    const flagged = await t.db.select().from(users).where(eq(users.flaggedForAbuse, true));
    expect(flagged.map((u) => u.email).sort()).toEqual([
      'cost@example.com',
      'limit@example.com',
      'storage@example.com',
      'tokens@example.com',
    ]);
    for (const u of flagged) expect(u.lastFlaggedReason).toMatch(/^(Tokens|Storage|Cost|Plan limit): /);
    const h = await history(ids.tokens);
    expect(h).toMatchObject({
      currentlyFlagged: true,
      shouldFlag: false,
      lastFlaggedReason: 'Tokens: 12,000 tokens in 30 days (threshold 10,000)',
    });
    expect(h.history).toEqual([
      {
        action: 'flag',
        reason: 'Tokens: 12,000 tokens in 30 days (threshold 10,000)',
        at: h.flaggedAt,
        by: 'abuse-check',
      },
    ]);
  });

  it('does not flag the same users twice on a second run', async () => {
    await call('POST', '/abuse/check');
    await abuseChecksSettled();
    expect(await t.db.select().from(abuseFlagEvents)).toHaveLength(4);
  });
});

describe('flag, unflag, flagged list and stats', () => {
  it('requires a reason and a known user, changing nothing otherwise', async () => {
    const blank = await call('POST', `/users/${ids.clean}/flag`, { reason: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Reason for flagging is required');
    const unknown = await call('POST', '/users/00000000-0000-4000-8000-000000000000/flag', {
      reason: 'Spam: links',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('User not found');
    expect((await history(ids.clean)).currentlyFlagged).toBe(false);
  });

  it('flags a user by hand, recording the operator', async () => {
    (t.clock as ManualClock).advance(60_000);
    const res = await call('POST', `/users/${ids.clean}/flag`, { reason: 'Spam: bulk saving of ad posts' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('User flagged');
    const h = await history(ids.clean);
    expect(h).toMatchObject({
      currentlyFlagged: true,
      lastFlaggedReason: 'Spam: bulk saving of ad posts',
      flaggedAt: (t.clock as ManualClock).now().toISOString(),
    });
    expect(h.history[0]).toMatchObject({ action: 'flag', by: 'abuse-ops@example.com' });
  });

  it('lists flagged users newest flag first, with paging on request', async () => {
    const res = await call('GET', '/users/flagged');
    expect(res.statusCode).toBe(200);
    const list = res.json().users;
    expect(list).toHaveLength(5);
    expect(list[0]).toMatchObject({
      email: 'clean@example.com',
      flaggedForAbuse: true,
      lastFlaggedReason: 'Spam: bulk saving of ad posts',
    });
    const paged = await call('GET', '/users/flagged?page=1&perPage=2');
    expect(paged.headers['x-total-count']).toBe('5');
    expect(paged.json().users).toHaveLength(2);
  });

  it('counts today, this week, and top reasons by the text before the first colon', async () => {
    const { stats } = (await call('GET', '/abuse/stats')).json();
    expect(stats).toMatchObject({ totalFlagged: 5, flaggedToday: 5, flaggedThisWeek: 5 });
    expect(stats.mostCommonReasons.map((r: { reason: string }) => r.reason).sort()).toEqual([
      'Cost',
      'Plan limit',
      'Spam',
      'Storage',
      'Tokens',
    ]);
    (t.clock as ManualClock).advance(2 * DAY_MS);
    const later = (await call('GET', '/abuse/stats')).json().stats;
    expect(later).toMatchObject({ totalFlagged: 5, flaggedToday: 0, flaggedThisWeek: 5 });
    (t.clock as ManualClock).advance(6 * DAY_MS);
    expect((await call('GET', '/abuse/stats')).json().stats.flaggedThisWeek).toBe(0);
  });

  it('unflags a user and records it', async () => {
    const res = await call('POST', `/users/${ids.clean}/unflag`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('User unflagged');
    const h = await history(ids.clean);
    expect(h.currentlyFlagged).toBe(false);
    expect(h.history.map((e: { action: string }) => e.action)).toEqual(['unflag', 'flag']);
    expect((await call('GET', '/abuse/stats')).json().stats.totalFlagged).toBe(4);
  });

  it('marks a user safe and records it; 404 for an unknown id', async () => {
    const res = await call('PATCH', `/users/${ids.limit}/mark-safe`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('User marked as safe');
    const h = await history(ids.limit);
    // Still over its plan limit, but cleared at this usage: the abuse check would not flag it, so no warning.
    expect(h).toMatchObject({ currentlyFlagged: false, shouldFlag: false });
    expect(h.currentViolations).toEqual(['Plan limit: 1.50 GB used of 1 GB allowed']);
    expect(h.history[0]).toMatchObject({ action: 'mark-safe', by: 'abuse-ops@example.com', reason: null });
    expect((await call('PATCH', '/users/nope/mark-safe')).statusCode).toBe(404);
    expect((await call('POST', '/users/nope/unflag')).statusCode).toBe(404);
  });
});
