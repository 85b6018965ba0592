import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from './harness';
import { adminSession, userWith } from './fixtures';
import { connect, type Database } from '../../src-server/db/connect';
import type { AppContext } from '../../src-server/context';
import { abuseCheckRuns, jobs, users } from '../../src-server/db/schema';
import { createJobRunner } from '../../src-server/jobs/jobRunner';
import { JOBS } from '../../src-server/jobs/jobList';
import { ABUSE_CHECK_JOB, abuseChecksSettled } from '../../src-server/admin/abuseCheck';
import { DAY_MS } from '../../src-server/clock';

const MINUTE = 60_000;
let t: TestApp;
let admin: Awaited<ReturnType<typeof adminSession>>;
/** Another API process on the same database, with its own job runner. */
let second: Database | null = null;
let other: AppContext;

beforeAll(async () => {
  t = await startTestApp({ ABUSE_TOKENS_30D: '10000' });
  if (t.config.DATABASE_URL) second = await connect({ databaseUrl: t.config.DATABASE_URL });
  other = { ...t.app.ctx, db: second?.db ?? t.db };
  other.jobs = createJobRunner(other, JOBS, { owner: 'process-b' });
  admin = await adminSession(t, 'abuse-job-ops@example.com');
});
afterAll(async () => {
  await other.jobs.stop();
  await second?.close();
  await t.close();
});

const startCheck = () =>
  t.app.inject({ method: 'POST', url: '/api/admin/abuse/check', headers: admin.headers });
const runs = () => t.db.select().from(abuseCheckRuns).orderBy(abuseCheckRuns.startedAt);
const flagged = async (email: string) =>
  (await t.db.select().from(users).where(eq(users.email, email)))[0].flaggedForAbuse;

describe('the abuse check as a job', () => {
  it('starts one run for four operators asking at once, whichever process they reach', async () => {
    await userWith(t, { email: 'heavy-1@example.com', usage: [{ tokens: 20000, cost: 0.1, daysAgo: 1 }] });
    const answers = await Promise.all([
      startCheck(),
      startCheck(),
      startCheck(),
      other.jobs.claim(ABUSE_CHECK_JOB),
    ]);
    const started = answers
      .slice(0, 3)
      .map((r) => (r as Awaited<ReturnType<typeof startCheck>>).json().started as boolean);
    const otherClaim = answers[3] as Awaited<ReturnType<AppContext['jobs']['claim']>>;
    expect([...started, otherClaim !== null].filter(Boolean)).toHaveLength(1);
    await otherClaim?.run();
    await abuseChecksSettled();
    expect(await flagged('heavy-1@example.com')).toBe(true);
    expect((await runs()).length).toBe(1);
  });

  it('runs daily on its schedule in one process, as the health report shows', async () => {
    await userWith(t, { email: 'heavy-2@example.com', usage: [{ tokens: 20000, cost: 0.1, daysAgo: 0 }] });
    t.clock.advance(DAY_MS + MINUTE);
    const [a, b] = await Promise.all([t.app.ctx.jobs.runDue(), other.jobs.runDue()]);
    const ran = [...a, ...b].filter((o) => o.name === ABUSE_CHECK_JOB && o.ran);
    expect(ran).toEqual([{ name: ABUSE_CHECK_JOB, ran: true }]);
    expect(await flagged('heavy-2@example.com')).toBe(true);
    expect((await runs()).at(-1)).toMatchObject({ startedBy: 'schedule', status: 'done', flagged: 1 });
    const health = (
      await t.app.inject({ method: 'GET', url: '/api/healthz', headers: admin.headers })
    ).json();
    expect(health.jobs.find((j: { name: string }) => j.name === ABUSE_CHECK_JOB)).toMatchObject({
      running: false,
      lastSuccessAt: t.clock.now().toISOString(),
      failures: 0,
      nextRunAt: new Date(t.clock.now().getTime() + DAY_MS).toISOString(),
    });
  });

  it("finishes an operator's run in another process when the one running it dies", async () => {
    await userWith(t, { email: 'heavy-3@example.com', usage: [{ tokens: 20000, cost: 0.1, daysAgo: 0 }] });
    // This process claims the job and opens the operator's run, then dies before checking anyone: its claim
    // is never run, never renewed and never released.
    const dying = createJobRunner(t.app.ctx, JOBS, { owner: 'dying-process' });
    expect(await dying.claim(ABUSE_CHECK_JOB)).not.toBeNull();
    await t.db
      .insert(abuseCheckRuns)
      .values({ status: 'running', startedAt: t.clock.now(), startedBy: admin.email });
    expect((await startCheck()).json().started).toBe(false);
    expect((await other.jobs.runDue()).find((o) => o.name === ABUSE_CHECK_JOB)?.ran).toBe(false);

    t.clock.advance(15 * MINUTE + 1000);
    expect((await other.jobs.runDue()).find((o) => o.name === ABUSE_CHECK_JOB)).toEqual({
      name: ABUSE_CHECK_JOB,
      ran: true,
    });
    expect(await flagged('heavy-3@example.com')).toBe(true);
    expect((await runs()).at(-1)).toMatchObject({ startedBy: admin.email, status: 'done', flagged: 1 });
    const [row] = await t.db.select().from(jobs).where(eq(jobs.name, ABUSE_CHECK_JOB));
    expect(row).toMatchObject({ leaseOwner: null, failures: 0 });
  });
});
