// `npm run bench:api [-- --users 100000] [-- --only pglite|postgres]`: fills a fresh database with seed:large's data
// (embedded PGlite in memory, and PostgreSQL when DATABASE_URL is set: a throwaway database beside it), then prints
// p50/p95 of the console's users page (first 25, sorted and searched, 200 requests), the time of the suspicious
// users list and the cost summary, and how long one full abuse check takes. Figures only; nothing is asserted.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src-server/app';
import { loadConfig } from '../../src-server/config';
import { connect } from '../../src-server/db/connect';
import { users } from '../../src-server/db/schema';
import { seedLarge } from '../../src-server/seed/large';
import { abuseChecksSettled } from '../../src-server/admin/abuseService';

const args = process.argv.slice(2);
const opt = (name: string) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : undefined);
const USERS = Number(opt('users') ?? 100_000);
const ONLY = opt('only');
const REQUESTS = 200;
// Lookups an operator makes: part of an email or a name, matching a few rows to about 1% of users.
const SEARCHES = [
  'bulk-4217',
  'diaz 12',
  'ava archer',
  'hughes 77',
  'bulk-99',
  'grace cohen 1',
  'jonas evans 3',
  'bulk-5123@',
];
// Terms matching 10% or more of the (deliberately repetitive) synthetic users: the worst case, reported apart.
const BROAD = ['grace', 'bulk-4', 'load.test'];
const SORTS = ['createdAt', 'email', 'storageUsed', 'tokens30d'];

const ms = (x: number) => `${x.toFixed(1)} ms`;
function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function timed<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const value = await fn();
  return [performance.now() - start, value];
}

async function adminToken(
  app: FastifyInstance,
  db: Awaited<ReturnType<typeof connect>>['db'],
): Promise<string> {
  const email = `bench-ops-${randomBytes(3).toString('hex')}@example.com`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, password: 'bench-password-1', displayName: 'Bench Ops' },
  });
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  await db.update(users).set({ role: 'admin' }).where(eq(users.email, email));
  return res.json().token as string;
}

async function bench(label: string, databaseUrl: string | undefined): Promise<void> {
  console.log(`\n${label}: ${USERS.toLocaleString('en-US')} users`);
  const database = await connect({ databaseUrl, dataDir: 'memory://' });
  await database.migrate();
  const [seedMs, seeded] = await timed(() => seedLarge(database.db, { users: USERS, events: USERS * 10 }));
  console.log(
    `  seed: ${seeded.users.toLocaleString('en-US')} users, ${seeded.events.toLocaleString('en-US')} usage events in ${(seedMs / 1000).toFixed(1)} s`,
  );
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl ?? '',
    WEB_URL: 'http://localhost:3000',
  });
  const app = await buildApp({ config, db: database.db, logger: false });
  await app.ready();
  try {
    const headers = { authorization: `Bearer ${await adminToken(app, database.db)}` };
    const get = async (url: string) => {
      const res = await app.inject({ method: 'GET', url, headers });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return res;
    };

    // Warm-up, so the first plan and cache misses do not count.
    await get('/api/admin/users?page=1&perPage=25&sort=createdAt&order=DESC');
    const times: number[] = [];
    let lastTotal = '';
    for (let i = 0; i < REQUESTS; i++) {
      const search = encodeURIComponent(SEARCHES[i % SEARCHES.length]);
      const sort = SORTS[i % SORTS.length];
      const [t, res] = await timed(() =>
        get(
          `/api/admin/users?page=1&perPage=25&sort=${sort}&order=${i % 2 ? 'ASC' : 'DESC'}&search=${search}`,
        ),
      );
      times.push(t);
      lastTotal = String(res.headers['x-total-count']);
    }
    times.sort((a, b) => a - b);
    console.log(
      `  GET /admin/users (page of 25, sorted, searched; ${REQUESTS} requests): p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))} (last total ${lastTotal})`,
    );
    for (const sort of SORTS) {
      const [t] = await timed(() => get(`/api/admin/users?page=1&perPage=25&sort=${sort}&order=DESC`));
      console.log(`  GET /admin/users (page of 25 sorted by ${sort}, no search): ${ms(t)}`);
    }
    const broad: number[] = [];
    for (let i = 0; i < BROAD.length * SORTS.length; i++) {
      const [t] = await timed(() =>
        get(
          `/api/admin/users?page=1&perPage=25&sort=${SORTS[i % SORTS.length]}&order=DESC&search=${encodeURIComponent(BROAD[Math.floor(i / SORTS.length)])}`,
        ),
      );
      broad.push(t);
    }
    broad.sort((a, b) => a - b);
    console.log(
      `  GET /admin/users (page of 25, broad searches matching 10-100% of users; ${broad.length} requests): p50 ${ms(percentile(broad, 50))}, max ${ms(broad[broad.length - 1])}`,
    );

    const [suspMs, susp] = await timed(() => get('/api/admin/users/suspicious'));
    console.log(
      `  GET /admin/users/suspicious (whole list, ${susp.json().users.length} rows): ${ms(suspMs)}`,
    );
    const [suspPageMs] = await timed(() => get('/api/admin/users/suspicious?page=1&perPage=25'));
    console.log(`  GET /admin/users/suspicious (page of 25): ${ms(suspPageMs)}`);
    const [costMs] = await timed(() => get('/api/admin/cost-analysis/summary'));
    console.log(`  GET /admin/cost-analysis/summary: ${ms(costMs)}`);

    const [checkMs] = await timed(async () => {
      const res = await app.inject({ method: 'POST', url: '/api/admin/abuse/check', headers });
      if (!res.json().started) throw new Error('the abuse check did not start');
      await abuseChecksSettled();
    });
    const flagged = (await get('/api/admin/abuse/stats')).json().stats.totalFlagged;
    console.log(`  abuse check, one full run: ${ms(checkMs)} (${flagged} users flagged afterwards)`);
  } finally {
    await app.close();
    await database.close();
  }
}

async function withThrowawayDatabase(baseUrl: string, fn: (url: string) => Promise<void>): Promise<void> {
  const name = `pk_bench_${randomBytes(4).toString('hex')}`;
  const run = async (text: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  try {
    await fn(url.toString());
  } finally {
    await run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

async function main(): Promise<void> {
  if (ONLY !== 'postgres') await bench('PGlite (embedded, in memory)', undefined);
  const baseUrl = process.env.DATABASE_URL;
  if (ONLY !== 'pglite') {
    if (baseUrl) await withThrowawayDatabase(baseUrl, (url) => bench('PostgreSQL', url));
    else
      console.log('\nPostgreSQL: skipped (set DATABASE_URL to a server the bench may create a database on)');
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
