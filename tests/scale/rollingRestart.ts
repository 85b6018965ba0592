import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { ApiProcess } from './apiProcess';
import type { Shape } from './checks';
import { query, waitFor } from './http';
import { DEPLOY_CONFIG } from './nginx';

const CONNECTIONS = 16;
/** Load before the first restart, so both processes serve when it begins. */
const SETTLE_MS = 2000;
/**
 * nginx leaves a process that refused a connection out for fail_timeout (deploy/nginx.conf): the next process
 * may stop only after that, once nginx sends to the restarted one again, or no upstream is left for a moment.
 */
const failTimeoutMs = () => {
  const seconds = /fail_timeout=(\d+)s/.exec(readFileSync(DEPLOY_CONFIG, 'utf8'))?.[1];
  if (!seconds) throw new Error('deploy/nginx.conf no longer sets fail_timeout in seconds');
  return Number(seconds) * 1000;
};
const READY_TIMEOUT_MS = 90_000;
/** Reset mails asked for while the processes restart (the reset limit allows 20 an hour from one address). */
const RESET_MAILS = 8;

interface Tally {
  requests: number;
  failed: number;
  statuses: Map<string, number>;
  /** The urls of the posts whose save was answered 2xx. */
  acknowledged: string[];
}

/**
 * One client of the load: alternately reads /api/auth/me and saves a new post (fetch keeps its connection to
 * nginx alive), until `stop` says so.
 */
async function client(
  n: number,
  base: string,
  token: string,
  stop: () => boolean,
  tally: Tally,
): Promise<void> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  for (let i = 0; !stop(); i++) {
    const save = i % 2 === 1;
    const url = `https://x.com/rolling/${n}-${i}`;
    tally.requests++;
    try {
      const res = await fetch(`${base}${save ? '/api/ext/posts' : '/api/auth/me'}`, {
        method: save ? 'POST' : 'GET',
        headers,
        body: save
          ? JSON.stringify({ platform: 'x', url, text: 'Saved during a rolling restart.' })
          : undefined,
      });
      await res.arrayBuffer();
      if (res.ok && save) tally.acknowledged.push(url);
      if (!res.ok) {
        tally.failed++;
        const key = `${save ? 'save' : 'read'} ${res.status}`;
        tally.statuses.set(key, (tally.statuses.get(key) ?? 0) + 1);
      }
    } catch (err) {
      tally.failed++;
      const key = `error ${(err as Error).cause ?? (err as Error).message}`;
      tally.statuses.set(key, (tally.statuses.get(key) ?? 0) + 1);
    }
  }
}

interface JobRow {
  name: string;
  total_runs: number;
}
const jobRuns = async (s: Shape) =>
  new Map(
    (await query<JobRow>(s.databaseUrl, 'select name, total_runs from jobs')).map((r) => [
      r.name,
      r.total_runs,
    ]),
  );

/**
 * Both processes restarted one after the other (SIGTERM, wait for the exit, start again, wait for readiness)
 * under 16 connections of reads and post saves through nginx, with reset mails asked for meanwhile. Requires
 * no failed request, every acknowledged save stored, each process to exit 0, one mail per reset request, and
 * no scheduled job run more often than its schedule allows.
 */
export async function rollingRestart(
  s: Shape,
  token: string,
  restart: (index: number) => ApiProcess,
): Promise<void> {
  const t0 = Date.now();
  const runsBefore = await jobRuns(s);
  const [{ n: postsBefore }] = await query<{ n: number }>(
    s.databaseUrl,
    'select count(*)::int as n from posts',
  );
  const recipients = (
    await query<{ email: string }>(
      s.databaseUrl,
      `select email from users where email not in ('admin@example.com', 'premium@example.com', 'user@example.com')
       order by email limit $1`,
      [RESET_MAILS],
    )
  ).map((r) => r.email);
  const deliveredBefore = s.smtp.received.length;

  let stopping = false;
  const tally: Tally = { requests: 0, failed: 0, statuses: new Map(), acknowledged: [] };
  const clients = Array.from({ length: CONNECTIONS }, (_, n) =>
    client(n, s.nginx, token, () => stopping, tally),
  );
  const resets: number[] = [];
  const askResets = (async () => {
    for (const email of recipients) {
      if (stopping) break;
      const res = await fetch(`${s.nginx}/api/auth/request-password-reset`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
      resets.push(res.status);
      await new Promise((r) => setTimeout(r, 1500));
    }
  })();

  const exits: string[] = [];
  try {
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    for (const index of s.processes.keys()) {
      const old = s.processes[index];
      const exited = new Promise<string>((resolve) =>
        old.child.once('exit', (code, signal) => resolve(String(signal ?? code))),
      );
      old.child.kill('SIGTERM');
      exits.push(`${old.name}: ${await exited}`);
      const fresh = restart(index);
      s.processes[index] = fresh;
      await fresh.ready(READY_TIMEOUT_MS);
      await new Promise((r) => setTimeout(r, failTimeoutMs() + SETTLE_MS));
    }
  } finally {
    stopping = true;
    await Promise.all([...clients, askResets]);
  }
  const seconds = (Date.now() - t0) / 1000;

  // Every save answered 2xx is in the database, once.
  const stored = await query<{ url: string }>(s.databaseUrl, `select url from posts where url = any($1)`, [
    tally.acknowledged,
  ]);
  const lost = tally.acknowledged.length - new Set(stored.map((r) => r.url)).size;
  const [{ n: postsAfter }] = await query<{ n: number }>(
    s.databaseUrl,
    'select count(*)::int as n from posts',
  );

  // Each reset request answered 200 delivers exactly one mail, whichever process sends it.
  const accepted = recipients.filter((_, i) => resets[i] === 200);
  await waitFor('the reset mails to be sent', 120_000, async () => {
    const [{ n }] = await query<{ n: number }>(
      s.databaseUrl,
      `select count(*)::int as n from outbox where "to" = any($1) and status <> 'sent'`,
      [accepted],
    );
    return n === 0 ? true : undefined;
  });
  const mails = s.smtp.received.slice(deliveredBefore);
  const duplicatedMails = accepted.reduce(
    (n, to) => n + Math.max(0, mails.filter((m) => m.to.includes(to)).length - 1),
    0,
  );
  const missingMails = accepted.filter((to) => !mails.some((m) => m.to.includes(to))).length;

  // A restarted process keeps the schedules in the jobs table: no scheduled job runs more often than it allows.
  const runsAfter = await jobRuns(s);
  const EVERY: Record<string, number> = { 'billing-sweep': 60_000, 'session-purge': 3_600_000 };
  const duplicatedRuns = Object.entries(EVERY).reduce((n, [name, everyMs]) => {
    const ran = (runsAfter.get(name) ?? 0) - (runsBefore.get(name) ?? 0);
    return n + Math.max(0, ran - (Math.floor((seconds * 1000) / everyMs) + 1));
  }, 0);

  s.figures.push(
    ['rolling restart: requests (16 connections)', tally.requests],
    ['rolling restart: failed requests', tally.failed],
    ['rolling restart: acknowledged writes', tally.acknowledged.length],
    ['rolling restart: lost acknowledged writes', lost],
    [
      'rolling restart: reset mails asked / delivered',
      `${accepted.length} / ${accepted.length - missingMails}`,
    ],
    ['rolling restart: duplicated mails', duplicatedMails],
    ['rolling restart: duplicated job runs', duplicatedRuns],
    ['rolling restart: exits', exits.join(', ')],
    ['rolling restart: duration (s)', seconds.toFixed(1)],
  );
  assert.deepEqual(
    exits.map((e) => e.split(': ')[1]),
    s.processes.map(() => '0'),
    'each process exits 0 on SIGTERM',
  );
  assert.equal(tally.failed, 0, `no request may fail: ${JSON.stringify([...tally.statuses])}`);
  assert.equal(lost, 0, 'no acknowledged write is lost');
  assert.equal(
    postsAfter - postsBefore,
    tally.acknowledged.length,
    'no save is stored twice or unacknowledged',
  );
  assert.equal(accepted.length, recipients.length, `every reset request is accepted: ${resets.join(', ')}`);
  assert.equal(missingMails, 0, 'every reset mail is delivered');
  assert.equal(duplicatedMails, 0, 'no mail is delivered twice');
  assert.equal(duplicatedRuns, 0, 'no job runs more often than its schedule');
}
