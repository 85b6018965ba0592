import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sharedTestApp, injectAs } from './harness';
import { GB, userWith, sharedAdminSession, smallAbuseThresholds } from './fixtures';
import { users } from '../../src-server/db/schema';
import { ManualClock } from '../../src-server/clock';
import { abuseChecksSettled } from '../../src-server/admin/abuseCheck';
import { recordAiUsage } from '../../src-server/usage/recordAiUsage';

const env = smallAbuseThresholds(100);

const t = sharedTestApp(env, { clock: new ManualClock(new Date('2026-04-01T09:00:00Z')) });
const admin = sharedAdminSession(t, 'safe-ops@example.com');

const call = injectAs(t, admin, '/api/admin');
const history = async (id: string) => (await call('GET', `/users/${id}/abuse-history`)).json().history;
const flagged = async (id: string) =>
  (await t.db.select({ f: users.flaggedForAbuse }).from(users).where(eq(users.id, id)))[0].f;

async function runCheck() {
  const res = await call('POST', '/abuse/check');
  expect(res.json()).toEqual({ message: 'Abuse check started.', started: true });
  await abuseChecksSettled();
  (t.clock as ManualClock).advance(60_000);
}

/** The user's stored files grow or shrink to `bytes`, then the daily check runs. */
async function storeThenCheck(id: string, bytes: number) {
  await t.db.update(users).set({ storageUsed: bytes }).where(eq(users.id, id));
  await runCheck();
}

async function addTokens(userId: string, tokens: number) {
  await t.db.transaction((tx) =>
    recordAiUsage(tx, {
      userId,
      taskType: 'auto-tagging',
      provider: 'openai',
      model: 'gpt-4o-mini',
      inputTokens: tokens,
      outputTokens: 0,
      totalTokens: tokens,
      cost: 0.01,
      at: t.clock.now(),
    }),
  );
}

describe('Mark as Safe lasts', () => {
  it('keeps a user marked safe unflagged by the next checks, and shows the mark in their history', async () => {
    const id = await userWith(t, {
      email: 'heavy@example.com',
      usage: [{ tokens: 12000, cost: 0.1, daysAgo: 1 }],
    });
    await runCheck();
    expect(await flagged(id)).toBe(true);

    expect((await call('PATCH', `/users/${id}/mark-safe`)).json()).toEqual({
      message: 'User marked as safe',
    });
    const markedAt = t.clock.now().toISOString();
    await runCheck();
    await runCheck();
    expect(await flagged(id)).toBe(false);

    const h = await history(id);
    expect(h).toMatchObject({ currentlyFlagged: false, shouldFlag: false });
    expect(h.currentViolations).toEqual(['Tokens: 12,000 tokens in 30 days (threshold 10,000)']);
    expect(h.history.map((e: { action: string; by: string }) => [e.action, e.by])).toEqual([
      ['mark-safe', 'safe-ops@example.com'],
      ['flag', 'abuse-check'],
    ]);
    expect(h.history[0].at).toBe(markedAt);
    expect(h.rememberedUsage).toMatchObject({
      action: 'mark-safe',
      by: 'safe-ops@example.com',
      at: markedAt,
      tokens30d: 12000,
      storageUsed: 0,
    });
  });

  it('flags them again once their usage grows past what it was when marked safe', async () => {
    const [{ id }] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'heavy@example.com'));
    await addTokens(id, 500);
    expect((await history(id)).shouldFlag).toBe(true);
    await runCheck();
    expect(await flagged(id)).toBe(true);
    const h = await history(id);
    expect(h.lastFlaggedReason).toBe('Tokens: 12,500 tokens in 30 days (threshold 10,000)');
    expect(h.history.map((e: { action: string }) => e.action)).toEqual(['flag', 'mark-safe', 'flag']);
  });

  it('flags them for another rule they break later, as that is not what they were cleared for', async () => {
    const id = await userWith(t, {
      email: 'mixed@example.com',
      plan: 'premium',
      usage: [{ tokens: 11000, cost: 0.1, daysAgo: 1 }],
    });
    await runCheck();
    await call('PATCH', `/users/${id}/mark-safe`);
    await storeThenCheck(id, 3 * GB);
    expect((await history(id)).lastFlaggedReason).toBe('Storage: 3.00 GB stored (threshold 2 GB)');
  });
});

describe('Unflag lasts the same way', () => {
  it('keeps an unflagged user unflagged until their storage grows past what it was', async () => {
    const id = await userWith(t, { email: 'stored@example.com', plan: 'premium', storageUsed: 3 * GB });
    await runCheck();
    expect(await flagged(id)).toBe(true);
    expect((await call('POST', `/users/${id}/unflag`)).json()).toEqual({ message: 'User unflagged' });
    await runCheck();
    expect(await flagged(id)).toBe(false);
    expect((await history(id)).rememberedUsage).toMatchObject({ action: 'unflag', storageUsed: 3 * GB });

    // Fewer files, then more again but not past the mark: still cleared.
    await storeThenCheck(id, 2.5 * GB);
    await storeThenCheck(id, 3 * GB);
    expect(await flagged(id)).toBe(false);

    await storeThenCheck(id, 3.5 * GB);
    expect(await flagged(id)).toBe(true);
    expect((await history(id)).lastFlaggedReason).toBe('Storage: 3.50 GB stored (threshold 2 GB)');
  });

  it('remembers the latest clearing only: a second mark moves the bar up', async () => {
    const [{ id }] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'stored@example.com'));
    await call('PATCH', `/users/${id}/mark-safe`);
    await storeThenCheck(id, 3.75 * GB);
    expect(await flagged(id)).toBe(true);
    await call('PATCH', `/users/${id}/mark-safe`);
    await runCheck();
    expect(await flagged(id)).toBe(false);
    expect((await history(id)).rememberedUsage).toMatchObject({ storageUsed: 3.75 * GB });
  });
});
