// The console's API at a million users, for `npm run bench:admin -- --scale <database URL>`: the URL names a
// PostgreSQL database that `npm run seed:large -- --users 1000000 --events 10000000 --posts 1000000` filled.
// Prints each figure (p95 of 12 requests after a warm-up) beside its target and the 100k figure recorded in
// docs/PERFORMANCE.md; the CSV export of every user with the process's memory growth; and usage recording's p99
// while the 30-day rollup rolls forward. Figures only, nothing asserted. It makes bulk-2@load.test an operator and
// rolls the usage window days ahead for the write-path figure: run it on a bench database, not a real one.
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { benchApp } from './benchApp';
import { connect, type Database } from '../../src-server/db/connect';
import { users } from '../../src-server/db/schema';
import { createSession } from '../../src-server/auth/sessions';
import { recordAiUsage } from '../../src-server/usage/recordAiUsage';
import { advanceUsageWindow } from '../../src-server/usage/usageWindow';
import { DAY_MS } from '../../src-server/clock';
import { CONSOLE_PATHS } from './consoleRequests';
import { p95, printMarkdownTable, timed, type FigureRow } from './figures';

const RUNS = 12;
const EMAIL_SEARCHES = ['bulk-4217', 'bulk-99', 'bulk-731'];
const NAME_SEARCHES = ['diaz 12', 'ava archer', 'hughes 77', 'grace cohen 1', 'jonas evans 3'];

/** One figure: the request, its target and the PostgreSQL figure at 100k users from docs/PERFORMANCE.md. */
interface Figure {
  name: string;
  target: number;
  at100k?: number;
  path: (i: number) => string;
}
const FIGURES: Figure[] = [
  {
    name: 'users page',
    target: 50,
    at100k: 59.0,
    path: CONSOLE_PATHS.usersPage,
  },
  {
    name: 'search by email',
    target: 80,
    path: (i) => `/api/admin/users?page=1&perPage=25&search=${EMAIL_SEARCHES[i % EMAIL_SEARCHES.length]}`,
  },
  {
    name: 'search by name',
    target: 80,
    path: (i) =>
      `/api/admin/users?page=1&perPage=25&search=${encodeURIComponent(NAME_SEARCHES[i % NAME_SEARCHES.length])}`,
  },
  {
    name: 'search, mixed (as bench:api)',
    target: 80,
    at100k: 34.4,
    path: CONSOLE_PATHS.usersSearched,
  },
  {
    name: 'users by tokens',
    target: 150,
    at100k: 41.5,
    path: CONSOLE_PATHS.usersByTokens,
  },
  {
    name: 'suspicious page',
    target: 150,
    at100k: 128.6,
    path: CONSOLE_PATHS.suspiciousPage,
  },
  { name: 'cost summary', target: 100, at100k: 44.5, path: CONSOLE_PATHS.costSummary },
  { name: 'overview', target: 100, at100k: 62.6, path: CONSOLE_PATHS.overview },
  { name: 'flagged', target: 50, path: () => '/api/admin/users/flagged?page=1&perPage=25' },
];

const MB = 1024 * 1024;
const ROLL_DAYS = 18;
const ms = (x: number) => x.toFixed(1);
const verdict = (value: number, target: number) => `${ms(value)} ${value <= target ? '✓' : '✗'}`;

async function operatorToken(app: FastifyInstance, db: Database['db']): Promise<string> {
  const [user] = await db.select().from(users).where(eq(users.email, 'bulk-2@load.test'));
  if (!user) throw new Error('no bulk-2@load.test: run npm run seed:large into this database first');
  await db.update(users).set({ role: 'admin' }).where(eq(users.id, user.id));
  return createSession(app.ctx, user.id, app.ctx.config.SESSION_TTL_DAYS);
}

/** The p95 of RUNS requests of each figure, after one warm-up request. */
async function readFigures(app: FastifyInstance, token: string, rows: string[][]): Promise<FigureRow[]> {
  const out: FigureRow[] = [];
  for (const f of FIGURES) {
    const get = async (i: number) => {
      const res = await app.inject({
        method: 'GET',
        url: f.path(i),
        headers: { authorization: `Bearer ${token}` },
      });
      if (res.statusCode !== 200) throw new Error(`${f.path(i)}: ${res.statusCode} ${res.body}`);
    };
    await get(0);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) times.push((await timed(() => get(i)))[0]);
    const value = p95(times);
    console.log(`  ${f.name}: p95 ${ms(value)} ms (target ${f.target} ms)`);
    rows.push([f.name, verdict(value, f.target), `≤ ${f.target}`, f.at100k ? ms(f.at100k) : '—']);
    out.push({
      group: 'API at 1,000,000 users (PostgreSQL)',
      name: `${f.name} (ms, p95 of ${RUNS})`,
      value: verdict(value, f.target),
      target: `≤ ${f.target} ms`,
      baseline: f.at100k ? `100k: ${ms(f.at100k)}` : undefined,
    });
  }
  return out;
}

/** Downloads the whole users CSV over HTTP, sampling this process's RSS, and returns rows, time and growth. */
async function exportAll(url: string, token: string) {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  let atTenth = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const t0 = performance.now();
  const res = await fetch(`${url}/api/admin/users/export`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok || !res.body) throw new Error(`export: ${res.status}`);
  let lines = 0;
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const b of chunk) if (b === 10) lines++;
    if (!atTenth && lines >= 100_000) atTenth = peak - before;
  }
  clearInterval(sampler);
  return { rows: lines - 1, bytes, seconds: (performance.now() - t0) / 1000, growth: peak - before, atTenth };
}

/**
 * Usage recording (one event, its own transaction, as a metered AI request) on random bulk users, four at a
 * time, while the 30-day rollup rolls forward; the p99 of the recordings that overlapped the roll. The seed's
 * usage lies in its last days, so the roll is to the window `ROLL_DAYS` ahead, where a day and a half of usage
 * (more than a real day's thirtieth) leaves it.
 */
async function recordDuringRollup(
  database: Database,
): Promise<{ p99: number; during: number; rollMs: number; quiet: number }> {
  const db = database.db;
  const record = async () => {
    const n = 1 + Math.floor(Math.random() * 1_000_000);
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, `bulk-${n}@load.test`));
    const t0 = performance.now();
    await db.transaction((tx) =>
      recordAiUsage(tx, {
        userId: user.id,
        taskType: 'auto-tagging',
        provider: 'openai',
        model: 'gpt-4o-mini',
        inputTokens: 400,
        outputTokens: 80,
        totalTokens: 480,
        cost: 0.0001,
        at: new Date(),
      }),
    );
    return [t0, performance.now()] as const;
  };
  const p99 = (xs: number[]) =>
    [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil(0.99 * xs.length) - 1)] ?? 0;
  const quiet: number[] = [];
  for (let i = 0; i < 100; i++) {
    const [a, b] = await record();
    quiet.push(b - a);
  }
  let rolling = true;
  const spans: (readonly [number, number])[] = [];
  const workers = Array.from({ length: 4 }, async () => {
    while (rolling) spans.push(await record());
  });
  await new Promise((r) => setTimeout(r, 200));
  const r0 = performance.now();
  await advanceUsageWindow(db, new Date(Date.now() + ROLL_DAYS * DAY_MS));
  const r1 = performance.now();
  await new Promise((r) => setTimeout(r, 200));
  rolling = false;
  await Promise.all(workers);
  const during = spans.filter(([a, b]) => b >= r0 && a <= r1).map(([a, b]) => b - a);
  return { p99: p99(during), during: during.length, rollMs: r1 - r0, quiet: p99(quiet) };
}

/** Every figure at a million users, on the seeded database at `databaseUrl`; prints its own table too. */
export async function runAdminScale(databaseUrl: string): Promise<FigureRow[]> {
  const database = await connect({ databaseUrl, dataDir: 'memory://' });
  await database.migrate();
  const app = await benchApp(database.db, databaseUrl, { RATE_LIMIT_SCALE: '100000' });
  const table: string[][] = [];
  try {
    const [{ n }] = (
      (await database.db.execute(sql`select count(*)::int as n from users`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    console.log(`\nThe console's API at ${n.toLocaleString('en-US')} users (PostgreSQL)`);
    const token = await operatorToken(app, database.db);
    const rows = await readFigures(app, token, table);

    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const csv = await exportAll(`http://127.0.0.1:${port}`, token);
    const growth = `${(csv.growth / MB).toFixed(0)} MB (after 100k rows: ${(csv.atTenth / MB).toFixed(0)} MB)`;
    console.log(
      `  CSV export: ${csv.rows.toLocaleString('en-US')} rows, ${(csv.bytes / MB).toFixed(0)} MB in ${csv.seconds.toFixed(1)} s; RSS growth ${growth}`,
    );
    table.push([
      `CSV export of ${csv.rows.toLocaleString('en-US')} users: RSS growth`,
      growth,
      'constant',
      '—',
    ]);
    table.push(['CSV export: time (s)', csv.seconds.toFixed(1), '', '—']);
    rows.push({
      group: 'API at 1,000,000 users (PostgreSQL)',
      name: 'CSV export of every user: RSS growth',
      value: growth,
      target: 'constant',
    });

    const write = await recordDuringRollup(database);
    console.log(
      `  usage recording: p99 ${ms(write.p99)} ms over ${write.during} recordings during a ${write.rollMs.toFixed(0)} ms roll-forward (p99 ${ms(write.quiet)} ms without it)`,
    );
    table.push(['usage recording p99 while the rollup rolls forward', verdict(write.p99, 20), '≤ 20', '—']);
    table.push(['usage recording p99, no rollup running', ms(write.quiet), '', '—']);
    table.push(['30-day rollup roll-forward (ms)', write.rollMs.toFixed(0), '', '—']);
    rows.push({
      group: 'API at 1,000,000 users (PostgreSQL)',
      name: 'usage recording p99 while the rollup runs (ms)',
      value: verdict(write.p99, 20),
      target: '≤ 20 ms',
    });
    printMarkdownTable(['figure (ms, p95 of 12 unless said)', '1M users', 'target', '100k users'], table);
    return rows;
  } finally {
    await app.close();
    await database.close();
  }
}
