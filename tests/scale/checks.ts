import assert from 'node:assert/strict';
import autocannon from 'autocannon';
import type { ApiProcess } from './apiProcess';
import type { LocalSmtp } from '../fixtures/smtpServer';
import { call, query, signIn, waitFor } from './http';

/** What the checks need: nginx's address, the two processes, the database and the SMTP server's inbox. */
export interface Shape {
  nginx: string;
  processes: ApiProcess[];
  databaseUrl: string;
  smtp: LocalSmtp;
  /** Figures for the closing table, in order. */
  figures: [string, string | number][];
  /** The processes' HEALTH_TOKEN: the health check's details are shown to it (and to operators) only. */
  healthToken: string;
}

interface JobHealth {
  name: string;
  lastRunAt: string | null;
  lastSuccessAt: string | null;
  failures: number;
}

export async function bothCameUpWithOneSeed(s: Shape): Promise<void> {
  for (const p of s.processes) {
    const health = await call(p.url, 'GET', '/api/healthz', { token: s.healthToken });
    assert.equal(health.status, 200, `${p.name} healthz`);
    assert.deepEqual([health.json().database, health.json().redis], ['up', 'up'], `${p.name} health`);
    assert.doesNotMatch(p.output(), /Failed query|failed to start/, `${p.name} start-up`);
  }
  // Through nginx, anyone gets the status only.
  const anonymous = await call(s.nginx, 'GET', '/api/healthz');
  assert.deepEqual([anonymous.status, anonymous.json()], [200, { status: 'ok' }], 'anonymous healthz');
  const [counts] = await query<{ users: number; admins: number }>(
    s.databaseUrl,
    `select count(*)::int as users, count(*) filter (where email = 'admin@example.com')::int as admins from users`,
  );
  assert.equal(counts.admins, 1, 'the demo admin exists once');
  assert.equal(counts.users, 203, 'the demo accounts exist once');
  s.figures.push(['demo users after two processes seeded', counts.users]);
}

export async function sessionWorksEverywhere(s: Shape): Promise<string> {
  // The Pro account: the load reads its subscription, which a free account does not have.
  const token = await signIn(s.nginx, 'premium@example.com', 'premium-demo-1');
  const bases = [...s.processes.map((p) => p.url), ...Array(4).fill(s.nginx)];
  const answers = await Promise.all(bases.map((b) => call(b, 'GET', '/api/auth/me', { token })));
  assert.deepEqual(
    answers.map((a) => [a.status, a.json().email]),
    bases.map(() => [200, 'premium@example.com']),
    'one session on every process',
  );
  s.figures.push(['session accepted (each process, nginx ×4)', `${answers.length}/${answers.length}`]);
  return token;
}

export async function signInLimitsShared(s: Shape): Promise<void> {
  const body = { email: 'user@example.com', password: 'not-the-password' };
  const statuses: number[] = [];
  // Ten wrong passwords spread over both processes, then the 11th through nginx and on each process.
  for (let i = 0; i < 10; i++)
    statuses.push((await call(s.processes[i % 2].url, 'POST', '/api/auth/login', { body })).status);
  assert.deepEqual(statuses, Array(10).fill(401), 'ten wrong passwords are refused as wrong');
  const eleventh = await Promise.all(
    [s.nginx, ...s.processes.map((p) => p.url)].map((b) => call(b, 'POST', '/api/auth/login', { body })),
  );
  assert.deepEqual(
    eleventh.map((a) => a.status),
    [429, 429, 429],
    'the 11th is limited wherever it lands',
  );
  assert.ok(Number(eleventh[0].headers.get('retry-after')) > 0, 'Retry-After');
  s.figures.push(['11th wrong password (nginx, A, B)', eleventh.map((a) => a.status).join(', ')]);
}

export async function oneAbuseCheck(s: Shape): Promise<void> {
  const token = await signIn(s.nginx, 'admin@example.com', 'admin-demo-1');
  const answers = await Promise.all(
    Array.from({ length: 4 }, () => call(s.nginx, 'POST', '/api/admin/abuse/check', { token })),
  );
  assert.deepEqual(
    answers.map((a) => a.status),
    [202, 202, 202, 202],
  );
  const started = answers.filter((a) => a.json().started === true).length;
  assert.equal(started, 1, 'four concurrent requests start one run');
  const runs = await waitFor('the abuse check to finish', 60_000, async () => {
    const rows = await query<{ status: string }>(s.databaseUrl, 'select status from abuse_check_runs');
    return rows.every((r) => r.status !== 'running') ? rows : undefined;
  });
  assert.deepEqual(
    runs.map((r) => r.status),
    ['done'],
  );
  s.figures.push(['abuse check runs for 4 concurrent requests', runs.length]);
}

const deliveredTo = (s: Shape, to: string) => s.smtp.received.filter((m) => m.to.includes(to)).length;

/** Asks for a reset link and waits until the outbox marks it sent; returns the deliveries the SMTP server saw. */
export async function resetMail(s: Shape, base: string, to: string): Promise<number> {
  const before = deliveredTo(s, to);
  const res = await call(base, 'POST', '/api/auth/request-password-reset', { body: { email: to } });
  assert.equal(res.status, 200, `reset request: ${res.body}`);
  await waitFor('the reset mail to be sent', 150_000, async () => {
    const rows = await query<{ n: number }>(
      s.databaseUrl,
      `select count(*)::int as n from outbox where "to" = $1 and status <> 'sent'`,
      [to],
    );
    return rows[0].n === 0 && deliveredTo(s, to) > before ? true : undefined;
  });
  return deliveredTo(s, to) - before;
}

export async function oneResetMail(s: Shape): Promise<void> {
  const delivered = await resetMail(s, s.nginx, 'premium@example.com');
  assert.equal(delivered, 1, 'one reset request delivers one mail');
  s.figures.push(['SMTP deliveries for one reset request', delivered]);
}

interface LoadResult {
  requests: { total: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  latency: { p99: number };
}

/** 12 s of reads through nginx at 20 connections; one process is killed with SIGKILL 4 s in. */
export async function killOneUnderLoad(s: Shape, token: string): Promise<number> {
  const victim = s.processes[1];
  let killedAt = 0;
  const killer = setTimeout(() => {
    killedAt = Date.now();
    victim.child.kill('SIGKILL');
  }, 4000);
  const headers = { authorization: `Bearer ${token}` };
  const result = (await autocannon({
    url: s.nginx,
    connections: 20,
    duration: 12,
    requests: [
      { method: 'GET', path: '/api/auth/me', headers },
      { method: 'GET', path: '/api/billing/subscription', headers },
    ],
  })) as unknown as LoadResult;
  clearTimeout(killer);
  assert.ok(killedAt > 0 && victim.child.signalCode === 'SIGKILL', 'the process was killed during the load');
  const failed = result.non2xx + result.errors + result.timeouts;
  const sent = result.requests.total + result.errors;
  const share = failed / Math.max(1, sent);
  s.figures.push(
    ['requests during the kill (12 s, 20 connections)', sent],
    ['failed requests', `${failed} (${(share * 100).toFixed(3)}%)`],
    ['throughput (req/s)', Math.round(result.requests.total / 12)],
    ['p99 latency (ms)', result.latency.p99],
  );
  assert.ok(share < 0.001, `under 0.1% of requests may fail; ${failed} of ${sent} did`);
  return killedAt;
}

export async function survivorRunsTheJobs(s: Shape, killedAt: number): Promise<void> {
  const survivor = s.processes[0];
  const delivered = await resetMail(s, s.nginx, 'user@example.com');
  assert.equal(delivered, 1, 'the survivor delivers mail');
  const jobs = await waitFor('a job run after the kill', 60_000, async () => {
    const health = (await call(survivor.url, 'GET', '/api/healthz', { token: s.healthToken })).json();
    const list = health.jobs as JobHealth[];
    const mail = list.find((j) => j.name === 'mail-delivery');
    return mail?.lastSuccessAt && Date.parse(mail.lastSuccessAt) > killedAt ? list : undefined;
  });
  const recent = jobs.filter((j) => j.lastRunAt && Date.parse(j.lastRunAt) > killedAt).map((j) => j.name);
  s.figures.push(
    ['jobs run by the survivor since the kill', recent.join(', ')],
    ['job failures reported', jobs.reduce((n, j) => n + j.failures, 0)],
  );
}

export async function staticSite(s: Shape): Promise<void> {
  const landing = await call(s.nginx, 'GET', '/');
  assert.equal(landing.status, 200);
  assert.match(landing.body, /landing page/);
  assert.match(landing.headers.get('content-security-policy') ?? '', /default-src 'self'/);
  const page = await call(s.nginx, 'GET', '/dashboard/settings');
  assert.match(page.body, /app shell/);
  const legacy = await fetch(`${s.nginx}/login?next=x`, { redirect: 'manual' });
  assert.equal(legacy.headers.get('location')?.replace(/^https?:\/\/[^/]+/, ''), '/dashboard/login?next=x');
  s.figures.push(['static pages through nginx', 'landing, shell, redirect']);
}
