// The library's server figures (issue 25), part of `npm run bench:extension` and runnable alone
// (`npx tsx tests/bench/librarySearchServer.ts`): on a throwaway PostgreSQL database beside DATABASE_URL, 1,000,000
// posts over 10,000 accounts (one of them with 50,000) made by generate_series, then through the app (inject):
//   - post search (GET /api/ext/posts?q=), p95 over typical accounts and varied searches (≤ 50 ms);
//   - facets and stats of the 50,000-post account (≤ 100 ms each), plain and under a search;
// each beside the plain newest-first list of the same accounts in the same run. Figures only; nothing asserted.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { POST_WORDS, sqlTextArray, withSearchIndexesAfter } from '../../src-server/seed/largePosts';
import { benchApp } from './benchApp';
import { connect, type Db } from '../../src-server/db/connect';
import { createSession } from '../../src-server/auth/sessions';
import { rows as sqlRows } from '../../src-server/admin/sqlRows';
import { withThrowawayDatabase } from './throwawayDatabase';
import { isMain, p95, printTable, timed, type FigureRow } from './figures';

const ACCOUNTS = 10_000;
const POSTS = 1_000_000;
const HEAVY_POSTS = 50_000;
const TARGETS = { searchMs: 50, facetsMs: 100, statsMs: 100 };
const SEARCH_RUNS = 60;
const COUNT_RUNS = 20;
const WORDS = POST_WORDS.slice(0, 10);
const MORE = [
  'vector',
  'database',
  'founder',
  'thread',
  'climate',
  'travel',
  'budget',
  'fitness',
  'growth',
  'writing',
];
/** What people type: words, two words, a phrase, a word's beginning, a typo, a unique reference. */
const SEARCHES = [
  'marketing',
  'garden recipe',
  '"pricing page"',
  'pyth',
  'markting',
  'founder -hiring',
  'ref424242',
];

/** 10,000 accounts and their posts, written by the database itself; the search indexes are built once after. */
export async function seed(db: Db): Promise<void> {
  await db.execute(sql`
    insert into users (email, display_name, email_verified)
    select 'library-' || g || '@bench.test', 'Library ' || g, true from generate_series(1, ${ACCOUNTS}::int) g`);
  const words = sqlTextArray(WORDS);
  const more = sqlTextArray(MORE);
  // Post g belongs to account 1 (the heavy library) for its first HEAVY_POSTS, then to the others in turn.
  await withSearchIndexesAfter(db, () =>
    db.execute(sql`
    with u as (select id, row_number() over (order by email) as n from users where email like 'library-%@bench.test')
    insert into posts (user_id, platform, url, author, author_handle, title, text, tags, category, size_bytes,
                       created_at, updated_at)
    select u.id, (array['x','linkedin','reddit','instagram','pinterest','web'])[1 + g % 6],
           'https://example.com/p/' || g,
           (array['Maya Lindqvist','Dev Patel','Rosa Costa','Hiro Tanaka','Kemi Okafor','Jonas Fischer'])[1 + (g * 7) % 6],
           '@' || (array['maya','dev','rosa','hiro','kemi','jonas'])[1 + (g * 7) % 6],
           case when g % 6 = 5 then initcap((${more})[1 + g % 10]) || ' for ' || (${words})[1 + (g / 10) % 10] else '' end,
           'Thread on ' || (${words})[1 + g % 10] || ' and ' || (${more})[1 + (g / 10) % 10]
             || ': what I learned about the ' || (${words})[1 + (g / 100) % 10] || ' page this week. ref' || g || '.',
           array[(${more})[1 + (g * 3) % 10], (${words})[1 + (g * 11) % 10]],
           (array['technology','business','career','marketing',null])[1 + g % 5],
           400, now() - (g % 120) * interval '1 day' - (g % 86400) * interval '1 second', now()
    from generate_series(1, ${POSTS}::int) g
    join u on u.n = case when g <= ${HEAVY_POSTS} then 1 else 2 + g % (${ACCOUNTS} - 1) end`),
  );
  // What autovacuum does after a load like this one anyway; measured before it, the figures would time it instead.
  await db.execute(sql`vacuum analyze posts`);
  await db.execute(sql`analyze users`);
}

/** p95 of `runs` requests to `path(i)` as `token(i)`, after one to warm plans and caches. */
async function p95Of(
  app: FastifyInstance,
  runs: number,
  path: (i: number) => string,
  token: (i: number) => string,
): Promise<number> {
  const get = async (i: number) => {
    const res = await app.inject({
      method: 'GET',
      url: path(i),
      headers: { authorization: `Bearer ${token(i)}` },
    });
    if (res.statusCode !== 200) throw new Error(`${path(i)}: ${res.statusCode} ${res.body}`);
  };
  await get(0);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push((await timed(() => get(i)))[0]);
  return p95(times);
}

async function measure(databaseUrl: string, seeded = false): Promise<FigureRow[]> {
  const database = await connect({ databaseUrl });
  await database.migrate();
  if (!seeded) {
    console.log(
      `seeding ${POSTS.toLocaleString('en-US')} posts over ${ACCOUNTS.toLocaleString('en-US')} accounts…`,
    );
    const [seedMs] = await timed(() => seed(database.db));
    console.log(`  seeded in ${(seedMs / 1000).toFixed(0)} s`);
  }
  const app = await benchApp(database.db, databaseUrl, { RATE_LIMIT_SCALE: '100000' });
  try {
    const accounts = await sqlRows<{ id: string }>(
      database.db,
      sql`select id from users where email like 'library-%@bench.test' order by email`,
    );
    const session = (id: string) => createSession(app.ctx, id, 1);
    const heavy = await session(accounts[0].id);
    // Typical accounts spread over the table: every request asks for a different library.
    const typical = await Promise.all(
      Array.from({ length: SEARCH_RUNS + 1 }, (_, i) =>
        session(accounts[1 + ((i * 163) % (ACCOUNTS - 1))].id),
      ),
    );
    const q = (i: number) => encodeURIComponent(SEARCHES[i % SEARCHES.length]);
    const ms = (n: number) => `${n.toFixed(1)} ms`;
    const listTypical = await p95Of(
      app,
      SEARCH_RUNS,
      () => '/api/ext/posts',
      (i) => typical[i],
    );
    const searchTypical = await p95Of(
      app,
      SEARCH_RUNS,
      (i) => `/api/ext/posts?q=${q(i)}`,
      (i) => typical[i],
    );
    const listHeavy = await p95Of(
      app,
      COUNT_RUNS,
      () => '/api/ext/posts',
      () => heavy,
    );
    const searchHeavy = await p95Of(
      app,
      COUNT_RUNS,
      (i) => `/api/ext/posts?q=${q(i)}`,
      () => heavy,
    );
    const facets = await p95Of(
      app,
      COUNT_RUNS,
      () => '/api/ext/library/facets',
      () => heavy,
    );
    const facetsQ = await p95Of(
      app,
      COUNT_RUNS,
      (i) => `/api/ext/library/facets?q=${q(i)}`,
      () => heavy,
    );
    const stats = await p95Of(
      app,
      COUNT_RUNS,
      () => '/api/ext/library/stats',
      () => heavy,
    );
    const statsQ = await p95Of(
      app,
      COUNT_RUNS,
      (i) => `/api/ext/library/stats?q=${q(i)}&platform=x`,
      () => heavy,
    );
    const mark = (value: number, target: number) => `${ms(value)}${value <= target ? '' : ' ✗'}`;
    const group = 'Library server (PostgreSQL, 1,000,000 posts)';
    return [
      {
        group,
        name: `post search, typical libraries (~95 posts), p95 of ${SEARCH_RUNS}`,
        value: mark(searchTypical, TARGETS.searchMs),
        target: `≤ ${TARGETS.searchMs} ms`,
        baseline: `${ms(listTypical)} plain list`,
      },
      {
        group,
        name: `post search, the 50,000-post library, p95 of ${COUNT_RUNS}`,
        value: ms(searchHeavy),
        baseline: `${ms(listHeavy)} plain list`,
      },
      {
        group,
        name: `facets, 50,000 posts, p95 of ${COUNT_RUNS} (under a search)`,
        value: `${mark(facets, TARGETS.facetsMs)} (${mark(facetsQ, TARGETS.facetsMs)})`,
        target: `≤ ${TARGETS.facetsMs} ms`,
        baseline: `${ms(listHeavy)} plain list`,
      },
      {
        group,
        name: `stats, 50,000 posts, p95 of ${COUNT_RUNS} (under a search and a platform)`,
        value: `${mark(stats, TARGETS.statsMs)} (${mark(statsQ, TARGETS.statsMs)})`,
        target: `≤ ${TARGETS.statsMs} ms`,
        baseline: `${ms(listHeavy)} plain list`,
      },
    ];
  } finally {
    await app.close();
    await database.close();
  }
}

/** The figures, or one row saying why there are none (no PostgreSQL to make the database on). */
export async function runLibraryServerBench(baseUrl = process.env.DATABASE_URL): Promise<FigureRow[]> {
  if (!baseUrl)
    return [
      {
        group: 'Library server',
        name: 'search, facets and stats on PostgreSQL',
        value: 'skipped: set DATABASE_URL to a server the bench may create a database on',
      },
    ];
  let figures: FigureRow[] = [];
  await withThrowawayDatabase(baseUrl, async (url) => {
    figures = await measure(url);
  });
  return figures;
}

const args = process.argv.slice(2);
if (isMain(import.meta.url)) {
  // --seeded <url>: measure a database this script seeded before (its seed() kept), to compare changes quickly.
  const seededUrl = args.includes('--seeded') ? args[args.indexOf('--seeded') + 1] : undefined;
  (seededUrl ? measure(seededUrl, true) : runLibraryServerBench())
    .then((rows) => printTable(rows))
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
