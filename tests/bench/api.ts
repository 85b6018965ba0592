// `npm run bench:api [-- --users 100000] [-- --posts 1000000] [-- --only pglite|postgres]`: fills a fresh database
// per engine with seed:large's data (embedded PGlite in memory, and PostgreSQL when DATABASE_URL is set: a
// throwaway database beside it), then measures every console figure as the p95 of 12 requests, one full abuse
// check, the extension's post search, and the throughput of POST /api/ext/posts and of POST
// /api/ext/ai/auto-tagging (against a local OpenAI stand-in in a process of its own) as ratios to GET
// /api/auth/me in the same run. It ends with one table: each figure beside its target on both engines. Figures
// only; nothing is asserted (tests hold no timings). A quick look on a small database:
// `npm run bench:api -- --users 1000 --posts 10000 --only pglite`.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { benchApp } from './benchApp';
import { connect } from '../../src-server/db/connect';
import { users } from '../../src-server/db/schema';
import { seedLarge } from '../../src-server/seed/large';
import { HEAVY_POSTS_EMAIL, seedLargePosts } from '../../src-server/seed/largePosts';
import { abuseChecksSettled } from '../../src-server/admin/abuseCheck';
import { createSession } from '../../src-server/auth/sessions';
import { autoTaggingRequest, startOpenAiStandIn } from './aiStandIn';
import { measureThroughput, type ThroughputAccounts } from './apiThroughput';
import { withThrowawayDatabase } from './throwawayDatabase';
import { CONSOLE_PATHS } from './consoleRequests';
import { isMain, p95, printMarkdownTable, timed, type FigureRow } from './figures';

const args = process.argv.slice(2);
const opt = (name: string) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : undefined);
/** Sizes and engines of a run; the command line sets them, and the combined bench passes its own. */
export interface ApiBenchOptions {
  users: number;
  posts: number;
  only?: string;
}
const cliOptions = (): ApiBenchOptions => ({
  users: Number(opt('users') ?? 100_000),
  posts: Number(opt('posts') ?? 1_000_000),
  only: opt('only'),
});
let USERS = 0;
let POSTS = 0;
const RUNS = 12;

type Engine = 'pglite' | 'postgres';
/** One figure of the table: its PostgreSQL target (PGlite's is 4×), and the issue's figure before rollups. */
interface Figure {
  name: string;
  targetMs?: number;
  beforeMs?: number;
  /** Paths requested RUNS times (cycled), or a custom measurement returning ms. */
  paths?: (i: number) => string;
  as?: 'admin' | 'heavy' | 'typical';
}
const FIGURES: Figure[] = [
  {
    name: 'users page',
    targetMs: 50,
    paths: CONSOLE_PATHS.usersPage,
  },
  {
    name: 'users searched',
    targetMs: 80,
    beforeMs: 125,
    paths: CONSOLE_PATHS.usersSearched,
  },
  {
    name: 'users by tokens',
    targetMs: 150,
    beforeMs: 644,
    paths: CONSOLE_PATHS.usersByTokens,
  },
  {
    name: 'suspicious page',
    targetMs: 150,
    beforeMs: 1060,
    paths: CONSOLE_PATHS.suspiciousPage,
  },
  { name: 'cost summary', targetMs: 100, beforeMs: 286, paths: CONSOLE_PATHS.costSummary },
  { name: 'overview', targetMs: 100, beforeMs: 510, paths: CONSOLE_PATHS.overview },
  {
    name: 'post search, heavy library',
    as: 'heavy',
    paths: (i) => `/api/ext/posts?search=ref${90_000 + i * 7}.`,
  },
  {
    name: 'post search, typical library',
    as: 'typical',
    paths: (i) => `/api/ext/posts?search=${['kernel', 'garden', 'ref5'][i % 3]}`,
  },
];
const ABUSE_TARGET_MS: Record<Engine, number> = { postgres: 1000, pglite: 3000 };
/** The env that points the app's OpenAI provider at the stand-in, set once the stand-in runs. */
let aiEnv: Record<string, string> = {};

const results = new Map<string, Partial<Record<Engine, string>>>();
const record = (name: string, engine: Engine, value: string) =>
  results.set(name, { ...results.get(name), [engine]: value });

async function tokenFor(
  app: FastifyInstance,
  db: Awaited<ReturnType<typeof connect>>['db'],
  email: string,
  admin = false,
) {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  if (admin) await db.update(users).set({ role: 'admin' }).where(eq(users.id, user.id));
  return createSession(app.ctx, user.id, app.ctx.config.SESSION_TTL_DAYS);
}

async function bench(engine: Engine, label: string, databaseUrl: string | undefined): Promise<void> {
  console.log(`\n${label}: ${USERS.toLocaleString('en-US')} users, ${POSTS.toLocaleString('en-US')} posts`);
  const database = await connect({ databaseUrl, dataDir: 'memory://' });
  await database.migrate();
  const [seedMs, seeded] = await timed(() => seedLarge(database.db, { users: USERS, events: USERS * 10 }));
  console.log(
    `  seed: ${seeded.users.toLocaleString('en-US')} users, ${seeded.events.toLocaleString('en-US')} usage events and their rollups in ${(seedMs / 1000).toFixed(1)} s`,
  );
  const [postsMs, posts] = await timed(() => seedLargePosts(database.db, { posts: POSTS }));
  console.log(`  seed: ${posts.toLocaleString('en-US')} posts in ${(postsMs / 1000).toFixed(1)} s`);
  const app = await benchApp(database.db, databaseUrl ?? '', {
    // The throughput figure sends hundreds of AI requests a second from one account: it measures the AI path, so
    // the account's request limits and daily token budget are lifted out of its way.
    RATE_LIMIT_SCALE: '100000',
    AI_DAILY_TOKENS_PREMIUM: '1000000000',
    ...aiEnv,
  });
  try {
    const tokens = {
      admin: await tokenFor(app, database.db, 'bulk-2@load.test', true),
      heavy: await tokenFor(app, database.db, HEAVY_POSTS_EMAIL),
      typical: await tokenFor(app, database.db, 'bulk-77@load.test'),
    };
    const aiRequest = await autoTaggingRequest(app, database.db);
    const accounts: ThroughputAccounts = {
      typical: tokens.typical,
      premiumWithPost: aiRequest.headers.authorization.replace(/^Bearer /, ''),
      aiPostId: aiRequest.payload.postId,
    };
    const get = async (url: string, as: keyof typeof tokens) => {
      const res = await app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${tokens[as]}` },
      });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return res;
    };
    for (const f of FIGURES) {
      await get(f.paths!(0), f.as ?? 'admin'); // warm-up: plans and caches
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) times.push((await timed(() => get(f.paths!(i), f.as ?? 'admin')))[0]);
      const value = p95(times);
      const target = f.targetMs && (engine === 'pglite' ? 4 : 1) * f.targetMs;
      record(f.name, engine, `${value.toFixed(1)}${target ? (value <= target ? ' ✓' : ' ✗') : ''}`);
      console.log(`  ${f.name}: p95 ${value.toFixed(1)} ms${target ? ` (target ${target} ms)` : ''}`);
    }
    const [heavyUser] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, HEAVY_POSTS_EMAIL));
    const plan = await database.db.execute(
      `explain select id from posts where user_id = '${heavyUser.id}' and post_search_text(author, author_handle, title, text, tags) ilike '%ref90007.%'` as never,
    );
    const planText = (plan as unknown as { rows: Record<string, string>[] }).rows
      .map((r) => Object.values(r)[0])
      .join(' ');
    console.log(
      `  post search plan uses the trigram index: ${planText.includes('posts_search_trgm_idx') ? 'yes' : 'NO'}`,
    );
    record(
      'post search uses posts_search_trgm_idx',
      engine,
      planText.includes('posts_search_trgm_idx') ? 'yes' : 'no',
    );

    const [checkMs] = await timed(async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/admin/abuse/check',
        headers: { authorization: `Bearer ${tokens.admin}` },
      });
      if (!res.json().started) throw new Error('the abuse check did not start');
      await abuseChecksSettled();
    });
    const flagged = (await get('/api/admin/abuse/stats', 'admin')).json().stats.totalFlagged;
    record(
      'abuse check (one run)',
      engine,
      `${checkMs.toFixed(0)}${checkMs <= ABUSE_TARGET_MS[engine] ? ' ✓' : ' ✗'}`,
    );
    console.log(
      `  abuse check: ${checkMs.toFixed(0)} ms, ${flagged} flagged (target ${ABUSE_TARGET_MS[engine]} ms)`,
    );

    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    await measureThroughput(`http://127.0.0.1:${port}`, accounts, (name, rate, ratio) => {
      record(`${name} (req/s, ratio to /auth/me)`, engine, `${rate.toFixed(0)} (${ratio.toFixed(2)})`);
      console.log(`  ${name}: ${rate.toFixed(0)} req/s, ${ratio.toFixed(2)} × GET /api/auth/me`);
    });
  } finally {
    await app.close();
    await database.close();
  }
}

const targetOf = (name: string, engine: Engine) => {
  const f = FIGURES.find((x) => x.name === name);
  if (name.startsWith('abuse')) return `≤ ${ABUSE_TARGET_MS[engine]} ms`;
  return f?.targetMs ? `≤ ${(engine === 'pglite' ? 4 : 1) * f.targetMs} ms` : undefined;
};

/** The figures as table rows, one per figure and engine. */
function rowsOf(): FigureRow[] {
  const label: Record<Engine, string> = { postgres: 'PostgreSQL', pglite: 'PGlite' };
  return [...results].flatMap(([name, v]) =>
    (['postgres', 'pglite'] as const)
      .filter((engine) => v[engine] !== undefined)
      .map((engine) => ({
        group: `API at ${USERS.toLocaleString('en-US')} users (${label[engine]})`,
        name: FIGURES.some((f) => f.name === name)
          ? `${name} (ms, p95 of ${RUNS})`
          : name.startsWith('abuse')
            ? `${name} (ms)`
            : name,
        value: v[engine]!,
        target: targetOf(name, engine),
        baseline: name.includes('ratio to /auth/me') ? 'GET /api/auth/me, same run' : undefined,
      })),
  );
}

/** Fills each engine's database and returns every figure (PostgreSQL when DATABASE_URL is set). */
export async function runApiBench(opts: ApiBenchOptions): Promise<FigureRow[]> {
  USERS = opts.users;
  POSTS = opts.posts;
  results.clear();
  // Auto-tagging is measured against a local OpenAI stand-in: no request leaves the machine.
  const standIn = await startOpenAiStandIn();
  aiEnv = standIn.env;
  try {
    if (opts.only !== 'postgres') await bench('pglite', 'PGlite (embedded, in memory)', undefined);
    const baseUrl = process.env.DATABASE_URL;
    if (opts.only !== 'pglite') {
      if (baseUrl) await withThrowawayDatabase(baseUrl, (url) => bench('postgres', 'PostgreSQL', url));
      else
        console.log(
          '\nPostgreSQL: skipped (set DATABASE_URL to a server the bench may create a database on)',
        );
    }
  } finally {
    standIn.stop();
  }
  return rowsOf();
}

function printTable(): void {
  const rows = [...results].map(([name, v]) => {
    const f = FIGURES.find((x) => x.name === name);
    return [
      name,
      v.postgres ?? '-',
      targetOf(name, 'postgres') ?? '',
      v.pglite ?? '-',
      targetOf(name, 'pglite') ?? '',
      f?.beforeMs ? String(f.beforeMs) : '',
    ];
  });
  printMarkdownTable(
    ['figure (ms, p95 of 12)', 'PostgreSQL', 'target', 'PGlite', 'target', 'before (PG)'],
    rows,
  );
}

if (isMain(import.meta.url)) {
  runApiBench(cliOptions())
    .then(() => printTable())
    .catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
}
