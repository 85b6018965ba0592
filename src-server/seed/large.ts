// `npm run seed:large -- --users 100000 [--events 1000000] [--posts 1000000]`: fills DATABASE_URL, or the PGlite
// folder DATA_DIR, with synthetic accounts, 30 days of AI usage (events and the rollups the console reads) and
// optionally saved posts, for load figures. Rows are made inside the database (generate_series, INSERT … SELECT),
// so a million events take seconds, not a million round trips; the tables' secondary indexes are built once
// after the inserts rather than kept up row by row. Each phase prints its time.
import { sql } from 'drizzle-orm';
import { pathToFileURL } from 'node:url';
import type { Db } from '../db/connect';
import { connect } from '../db/connect';
import { loadConfig } from '../config';
import { errorText } from '../errorLog';
import { modelPrices } from '../db/schema';
import { PRICE_ROWS, TASK_TYPES } from '../admin/aiCatalogue';
import { advanceUsageWindow } from '../usage/usageWindow';
import { seedLargePosts } from './largePosts';
import { withoutSecondaryIndexes } from './bulkIndexes';
import { recountUserTotals } from '../admin/userTotals';

export interface LargeSeedOptions {
  users: number;
  /** Total usage events, spread over the users and the last 30 days. */
  events: number;
  now?: Date;
  /** Told each phase's name and duration in ms, for the command's timings. */
  onPhase?: (phase: string, ms: number) => void;
}

/** Bulk accounts are named bulk-<n>@load.test, so reruns skip them and they never collide with real ones. */
export async function seedLarge(db: Db, opts: LargeSeedOptions): Promise<{ users: number; events: number }> {
  const phase = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
    const t0 = performance.now();
    const value = await run();
    opts.onPhase?.(name, performance.now() - t0);
    return value;
  };
  // One transaction: one connection for the temporary table and the settings, and no half-seeded database.
  const seeded = await db.transaction(async (tx) => {
    // A seed that fails is run again whole; waiting for each commit's flush buys it nothing.
    await tx.execute(sql`set local synchronous_commit = off`);
    await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
    // Every row the seed writes points at a row it has just written: the per-row foreign key checks (a third of
    // the time of ten million events) are skipped where the database lets this session do so (a superuser).
    await tx.execute(sql`savepoint replica`);
    try {
      await tx.execute(sql`set local session_replication_role = replica`);
    } catch {
      await tx.execute(sql`rollback to savepoint replica`);
    }
    await tx.insert(modelPrices).values(PRICE_ROWS).onConflictDoNothing();
    const users = await phase('users', async () => {
      const added = await withoutSecondaryIndexes(tx, 'users', () => insertUsers(tx, opts));
      // Replica mode skips the triggers that keep the account totals.
      await recountUserTotals(tx);
      return added;
    });
    const events = await phase('usage events and daily rollups', () =>
      withoutSecondaryIndexes(tx, 'ai_usage_events', () => insertEvents(tx, opts)),
    );
    return { users, events };
  });
  // The per-user 30-day totals are summed afresh from the daily rollups.
  await phase('30-day totals', async () => {
    await db.execute(sql`update ai_usage_window set first_day = null`);
    await advanceUsageWindow(db, opts.now ?? new Date());
  });
  // Vacuumed as well as analysed, as autovacuum would have left a live database: hint bits set and pages
  // marked all-visible, so the first benchmark reads do not pay for writing them.
  await phase('vacuum and analyze', async () => {
    for (const table of [
      'users',
      'user_totals',
      'ai_usage_events',
      'ai_usage_daily',
      'ai_usage_daily_by_model',
      'ai_usage_30d',
    ])
      await db.execute(sql`vacuum analyze ${sql.identifier(table)}`);
  });
  return seeded;
}

const rowCount = (r: unknown) =>
  Number(
    (r as { rowCount?: number; affectedRows?: number }).rowCount ??
      (r as { affectedRows?: number }).affectedRows ??
      0,
  );

async function insertUsers(db: Db, opts: LargeSeedOptions): Promise<number> {
  const now = (opts.now ?? new Date()).toISOString();
  const insertedUsers = await db.execute(sql`
    insert into users (email, display_name, name, plan, subscription_status, email_verified, storage_used, storage_limit,
                       flagged_for_abuse, last_flagged_reason, flagged_at, last_login_at, created_at, updated_at)
    select 'bulk-' || g || '@load.test',
           (array['Ava','Ben','Chloe','Dev','Elena','Farid','Grace','Hiro','Isla','Jonas'])[1 + g % 10] || ' ' ||
             (array['Archer','Baker','Cohen','Diaz','Evans','Fischer','Garcia','Hughes'])[1 + (g / 10) % 8] || ' ' || g,
           (array['Ava','Ben','Chloe','Dev','Elena','Farid','Grace','Hiro','Isla','Jonas'])[1 + g % 10] || ' ' ||
             (array['Archer','Baker','Cohen','Diaz','Evans','Fischer','Garcia','Hughes'])[1 + (g / 10) % 8] || ' ' || g,
           case when g % 5 = 0 then 'premium' else 'free' end,
           case when g % 5 <> 0 then null else (array['active','trialing','past_due','canceled'])[1 + (g / 5) % 4] end,
           true,
           -- Mostly small libraries; one in 500 is over its plan's limit, one in 2,000 is very large.
           case when g % 2000 = 0 then 7::bigint * 1073741824
                when g % 500 = 0 then (case when g % 5 = 0 then 11::bigint else 2::bigint end) * 1073741824
                else (g::bigint * 7919 % 900) * 1048576 end,
           case when g % 5 = 0 then 10737418240 else 1073741824 end,
           g % 1000 = 7,
           case when g % 1000 = 7 then (array['Spam: bulk saving','Tokens: heavy AI use','Storage: large uploads'])[1 + (g / 1000) % 3] end,
           case when g % 1000 = 7 then ${now}::timestamptz - ((g % 20) || ' days')::interval end,
           ${now}::timestamptz - ((g * 37 % 30) || ' days')::interval,
           ${now}::timestamptz - ((30 + g * 13 % 700) || ' days')::interval,
           ${now}::timestamptz
    from generate_series(1, ${opts.users}::int) as g
    on conflict (email) do nothing`);
  return rowCount(insertedUsers);
}

/**
 * Events for the bulk users that have none yet: a fixed count each, with every 997th user a heavy one. The
 * daily rollups are then summed from those users' events, as recordAiUsage would have kept them one by one.
 */
async function insertEvents(db: Db, opts: LargeSeedOptions): Promise<number> {
  const now = (opts.now ?? new Date()).toISOString();
  await db.execute(sql`
    create temporary table seed_users on commit drop as
    select id, substring(email from 6 for position('@' in email) - 6)::int as n from users
    where email like 'bulk-%@load.test' and not exists (select 1 from ai_usage_events e where e.user_id = users.id)`);
  const perUser = Math.max(1, Math.floor(opts.events / opts.users));
  const models = PRICE_ROWS.map((p) => sql`(${p.provider}, ${p.model})`);
  const tasks = `{${TASK_TYPES.map((t) => t.id).join(',')}}`;
  const insertedEvents = await db.execute(sql`
    with u as (select id, n from seed_users), m as (
      select row_number() over () - 1 as k, provider, model from (values ${sql.join(models, sql`, `)}) as v(provider, model)
    ), e as (
      select u.id as user_id, (${tasks}::text[])[1 + (u.n + i) % ${TASK_TYPES.length}::int] as task_type,
             (u.n * 31 + i) % (select count(*) from m) as k,
             150 + (u.n * 7 + i * 13) % 2400 as input_tokens, 40 + (u.n * 3 + i * 11) % 900 as output_tokens,
             ${now}::timestamptz - ((u.n + i * 7919) % 2592000) * interval '1 second' as created_at
      from u cross join lateral generate_series(1, case when u.n % 997 = 0 then ${perUser * 40}::int else ${perUser}::int end) as i
    )
    insert into ai_usage_events (user_id, task_type, provider, model, input_tokens, output_tokens, total_tokens, cost, created_at)
    select e.user_id, e.task_type, m.provider, m.model, e.input_tokens, e.output_tokens, e.input_tokens + e.output_tokens,
           round((e.input_tokens * p.input_per_mtok + e.output_tokens * p.output_per_mtok) / 1000000.0, 6), e.created_at
    from e join m on m.k = e.k join model_prices p on p.provider = m.provider and p.model = m.model`);
  // The new events by user and UTC day, and across everyone by day and model: the console's rollups.
  const day = sql`(e.created_at at time zone 'UTC')::date`;
  await withoutSecondaryIndexes(db, 'ai_usage_daily', () =>
    db.execute(sql`
      insert into ai_usage_daily as t (user_id, day, tokens, cost, requests)
      select e.user_id, ${day}, sum(e.total_tokens), sum(e.cost), count(*)
      from ai_usage_events e join seed_users u on u.id = e.user_id group by 1, 2
      on conflict (user_id, day) do update set tokens = t.tokens + excluded.tokens, cost = t.cost + excluded.cost,
        requests = t.requests + excluded.requests`),
  );
  await db.execute(sql`
    insert into ai_usage_daily_by_model as t (day, provider, model, tokens, cost, requests)
    select ${day}, e.provider, e.model, sum(e.total_tokens), sum(e.cost), count(*)
    from ai_usage_events e join seed_users u on u.id = e.user_id group by 1, 2, 3
    on conflict (day, provider, model) do update set tokens = t.tokens + excluded.tokens, cost = t.cost + excluded.cost,
      requests = t.requests + excluded.requests`);
  return rowCount(insertedEvents);
}

function argValue(args: string[], name: string): number | undefined {
  const i = args.indexOf(`--${name}`);
  if (i < 0) return undefined;
  const n = Number(args[i + 1]);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} takes a positive whole number`);
  return n;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const users = argValue(args, 'users') ?? 100_000;
  const events = argValue(args, 'events') ?? users * 10;
  const config = loadConfig();
  const database = await connect({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await database.migrate();
  const started = performance.now();
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const onPhase = (phase: string, ms: number) => console.log(`  ${phase}: ${seconds(ms)}`);
  const done = await seedLarge(database.db, { users, events, onPhase });
  const posts = argValue(args, 'posts');
  if (posts) {
    const t0 = performance.now();
    const added = await seedLargePosts(database.db, { posts });
    onPhase(`${added.toLocaleString('en-US')} posts and their search index`, performance.now() - t0);
  }
  const where = config.DATABASE_URL ? 'PostgreSQL' : `PGlite at ${config.DATA_DIR}`;
  console.log(
    `${where}: ${done.users.toLocaleString('en-US')} users and ${done.events.toLocaleString('en-US')} usage events added; whole seed ${seconds(performance.now() - started)}`,
  );
  await database.close();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err: unknown) => {
    console.error(errorText(err).split('\n')[0]);
    process.exit(1);
  });
}
