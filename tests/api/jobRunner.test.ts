import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bearer, registerUser, startTestApp, type TestApp } from './harness';
import { connect, type Database } from '../../src-server/db/connect';
import type { AppContext } from '../../src-server/context';
import {
  googleHandOffs,
  jobs,
  oauthStates,
  passwordResets,
  sessions,
  users,
} from '../../src-server/db/schema';
import { createJobRunner, runDueJobs, runJobOnce, type JobDefinition } from '../../src-server/jobs/jobRunner';
import { claimJob, finishJob } from '../../src-server/jobs/jobLease';
import { completeLocalCheckout } from '../../src-server/billing/localBilling';
import { DAY_MS } from '../../src-server/clock';

/** Every periodic job the server runs, by name, in alphabetical order. */
const EVERY_JOB = [
  'abuse-check',
  'audit-retention',
  'auth-link-purge',
  'billing-sweep',
  'mail-delivery',
  'session-purge',
  'upload-retention',
  'usage-window',
];

/** Monitoring's secret: /api/healthz shows the jobs to it (and to operators) only. */
const HEALTH_TOKEN = 'monitoring-secret-for-the-job-tests';
const healthOf = (t: TestApp) =>
  t.app.inject({ method: 'GET', url: '/api/healthz', headers: bearer(HEALTH_TOKEN) });

let t: TestApp;
/** Another process's connection to the same database (PGlite has only one: the same instance). */
let second: Database | null = null;
let otherCtx: AppContext;
beforeAll(async () => {
  t = await startTestApp({ HEALTH_TOKEN });
  if (t.config.DATABASE_URL) second = await connect({ databaseUrl: t.config.DATABASE_URL });
  otherCtx = { ...t.app.ctx, db: second?.db ?? t.db };
});
afterAll(async () => {
  await second?.close();
  await t.close();
});

const MINUTE = 60_000;
const jobRow = async (name: string) => (await t.db.select().from(jobs).where(eq(jobs.name, name)))[0];

/** A job that counts its runs and takes a little while, so two processes really overlap. */
function countingJob(name: string, behaviour: () => Promise<void> = async () => undefined) {
  const job = {
    runs: 0,
    definition: {
      name,
      everyMs: 10 * MINUTE,
      leaseMs: 5 * MINUTE,
      run: async () => {
        job.runs++;
        await new Promise((r) => setTimeout(r, 30));
        await behaviour();
      },
    } satisfies JobDefinition,
  };
  return job;
}

describe('the job runner', () => {
  it('runs a due job exactly once across two processes, then again only when it is due', async () => {
    const job = countingJob('test-once');
    const a = createJobRunner(t.app.ctx, [job.definition], { owner: 'process-a' });
    const b = createJobRunner(otherCtx, [job.definition], { owner: 'process-b' });
    const [ra, rb] = await Promise.all([a.runDue(), b.runDue()]);
    expect([...ra, ...rb].filter((o) => o.ran)).toHaveLength(1);
    expect(job.runs).toBe(1);

    t.clock.advance(9 * MINUTE);
    await Promise.all([a.runDue(), b.runDue()]);
    expect(job.runs).toBe(1);

    t.clock.advance(2 * MINUTE);
    await Promise.all([a.runDue(), b.runDue(), a.runDue(), b.runDue()]);
    expect(job.runs).toBe(2);
    const row = await jobRow('test-once');
    expect(row).toMatchObject({ leaseOwner: null, leaseUntil: null, failures: 0, totalRuns: 2 });
    expect(row.lastSuccessAt).toEqual(t.clock.now());
    expect(row.nextRunAt).toEqual(new Date(t.clock.now().getTime() + 10 * MINUTE));
  });

  it('takes over a job whose process died mid-run once its lease expires', async () => {
    const job = countingJob('test-takeover');
    const b = createJobRunner(otherCtx, [job.definition], { owner: 'process-b' });
    await b.runDue();
    expect(job.runs).toBe(1);
    t.clock.advance(10 * MINUTE);
    // Process A claims the due job, then dies without finishing or renewing.
    expect(await claimJob(t.db, 'test-takeover', 'process-a', t.clock.now(), 5 * MINUTE)).not.toBeNull();
    expect((await b.runDue())[0]).toEqual({ name: 'test-takeover', ran: false });
    t.clock.advance(4 * MINUTE);
    expect((await b.runDue())[0].ran).toBe(false);
    t.clock.advance(MINUTE + 1000);
    expect((await b.runDue())[0]).toEqual({ name: 'test-takeover', ran: true });
    expect(job.runs).toBe(2);
    // The dead process's late bookkeeping changes nothing.
    expect(await finishJob(t.db, 'test-takeover', 'process-a', t.clock.now(), MINUTE, 'late')).toBe(false);
    expect(await jobRow('test-takeover')).toMatchObject({ leaseOwner: null, lastError: null, failures: 0 });
  });

  it('carries out a run asked for by hand whose process died, once its lease expires', async () => {
    const job = countingJob('test-owed');
    const b = createJobRunner(otherCtx, [job.definition], { owner: 'process-b' });
    await b.runDue();
    expect(job.runs).toBe(1);
    // Not due for ten minutes; process A starts it by hand (as an operator's request does), then dies.
    const a = createJobRunner(t.app.ctx, [job.definition], { owner: 'process-a' });
    expect(await a.claim('test-owed')).not.toBeNull();
    expect(await b.claim('test-owed')).toBeNull();
    t.clock.advance(5 * MINUTE + 1000);
    expect((await b.runDue())[0]).toEqual({ name: 'test-owed', ran: true });
    expect(job.runs).toBe(2);
    expect(await jobRow('test-owed')).toMatchObject({ leaseOwner: null, totalRuns: 2 });
  });

  it('records failures and the last error, and clears the count at the next success', async () => {
    let fail = true;
    const job = countingJob('test-fails', async () => {
      if (fail) throw new Error('relay said no');
    });
    const a = createJobRunner(t.app.ctx, [job.definition], { owner: 'process-a' });
    expect(await a.runOnce('test-fails')).toEqual({ name: 'test-fails', ran: true, error: 'relay said no' });
    expect(await a.runOnce('test-fails')).toMatchObject({ ran: true, error: 'relay said no' });
    expect(await jobRow('test-fails')).toMatchObject({
      failures: 2,
      totalFailures: 2,
      lastError: 'relay said no',
      lastSuccessAt: null,
      leaseOwner: null,
    });
    fail = false;
    expect(await a.runOnce('test-fails')).toEqual({ name: 'test-fails', ran: true });
    const row = await jobRow('test-fails');
    expect(row).toMatchObject({ failures: 0, totalFailures: 2, totalRuns: 3, lastError: 'relay said no' });
    expect(row.lastSuccessAt).not.toBeNull();

    const health = await healthOf(t);
    const entry = health.json().jobs.find((j: { name: string }) => j.name === 'test-fails');
    expect(entry).toMatchObject({ failures: 0, totalFailures: 2, totalRuns: 3, running: false });
    expect(entry.lastErrorAt).not.toBeNull();
    // The error text stays in the table and the log, even in the answer monitoring reads.
    expect(health.body).not.toContain('relay said no');
  });

  it('waits for a run in progress when it stops', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const job = countingJob('test-stop', () => gate);
    const a = createJobRunner(t.app.ctx, [job.definition], { owner: 'process-a' });
    const run = a.runOnce('test-stop');
    await new Promise((r) => setTimeout(r, 50));
    let stopped = false;
    const stopping = a.stop().then(() => (stopped = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(stopped).toBe(false);
    expect((await jobRow('test-stop')).leaseOwner).toBe('process-a');
    release();
    await stopping;
    expect((await run).ran).toBe(true);
    expect((await jobRow('test-stop')).leaseOwner).toBeNull();
  });
});

describe('the registered jobs', () => {
  it('run once each and show in the health report with the existing fields', async () => {
    const outcomes = await runDueJobs(t.app.ctx);
    expect(outcomes.map((o) => o.name).sort()).toEqual(EVERY_JOB);
    // The daily abuse check first runs a day after a new database starts; every other job at once.
    expect(outcomes.filter((o) => !o.ran || o.error).map((o) => o.name)).toEqual(['abuse-check']);
    const res = await healthOf(t);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'up' });
    const billing = res.json().jobs.find((j: { name: string }) => j.name === 'billing-sweep');
    expect(billing).toMatchObject({
      running: false,
      lastRunAt: t.clock.now().toISOString(),
      lastSuccessAt: t.clock.now().toISOString(),
      failures: 0,
    });
    const abuse = res.json().jobs.find((j: { name: string }) => j.name === 'abuse-check');
    expect(abuse).toMatchObject({
      lastRunAt: null,
      nextRunAt: new Date(t.clock.now().getTime() + DAY_MS).toISOString(),
    });
  });

  it('purge expired sessions, used or expired reset links, stale Google flow rows and untraded hand-off codes', async () => {
    const { email, token } = await registerUser(t.app);
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    const now = t.clock.now().getTime();
    await t.db
      .insert(sessions)
      .values({ userId: user.id, tokenHash: 'old-session', expiresAt: new Date(now - 1000) });
    await t.db.insert(passwordResets).values([
      { userId: user.id, tokenHash: 'used-link', expiresAt: new Date(now + MINUTE), usedAt: new Date(now) },
      { userId: user.id, tokenHash: 'expired-link', expiresAt: new Date(now - 1000) },
      { userId: user.id, tokenHash: 'live-link', expiresAt: new Date(now + MINUTE) },
    ]);
    const flow = { browserHash: 'b', codeVerifier: 'v', nonce: 'n' };
    await t.db.insert(oauthStates).values([
      { ...flow, stateHash: 'stale-flow', expiresAt: new Date(now - 1000) },
      { ...flow, stateHash: 'live-flow', expiresAt: new Date(now + MINUTE) },
    ]);
    await t.db.insert(googleHandOffs).values([
      { userId: user.id, codeHash: 'stale-code', expiresAt: new Date(now - 1000) },
      { userId: user.id, codeHash: 'live-code', expiresAt: new Date(now + MINUTE) },
    ]);
    await runJobOnce(t.app.ctx, 'session-purge');
    await runJobOnce(t.app.ctx, 'auth-link-purge');
    const userSessions = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(userSessions.map((s) => s.tokenHash)).not.toContain('old-session');
    expect(userSessions).toHaveLength(1);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/auth/me',
          headers: { authorization: `Bearer ${token}` },
        })
      ).statusCode,
    ).toBe(200);
    const links = await t.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(links.map((l) => l.tokenHash)).toEqual(['live-link']);
    expect((await t.db.select().from(oauthStates)).map((s) => s.stateHash)).toEqual(['live-flow']);
    expect((await t.db.select().from(googleHandOffs)).map((h) => h.codeHash)).toEqual(['live-code']);
  });

  it('sweep the embedded billing lifecycle for a user who never comes back', async () => {
    const { email } = await registerUser(t.app);
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    await completeLocalCheckout(t.app.ctx, user.id, { cardNumber: '4242424242424242' });
    t.clock.advance(8 * DAY_MS);
    await runJobOnce(t.app.ctx, 'billing-sweep');
    const [after] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(after).toMatchObject({ plan: 'premium', subscriptionStatus: 'active' });
  });
});

describe('a server started with its job runner', () => {
  it('runs the jobs by itself and stops them cleanly when it closes', async () => {
    const started = await startTestApp({}, { runJobs: true });
    try {
      const deadline = Date.now() + 10_000;
      let rows = await started.db.select().from(jobs);
      while (rows.filter((r) => r.lastSuccessAt).length < EVERY_JOB.length - 1 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
        rows = await started.db.select().from(jobs);
      }
      expect(
        rows
          .filter((r) => r.lastSuccessAt)
          .map((r) => r.name)
          .sort(),
      ).toEqual(EVERY_JOB.filter((name) => name !== 'abuse-check'));
    } finally {
      await started.app.close();
      const rows = await started.db.select().from(jobs);
      expect(rows.every((r) => r.leaseOwner === null)).toBe(true);
      await started.close();
    }
  });
});
