import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { DAY_MS } from '../clock';
import { aiUsageWindow } from '../db/schema';
import { idIn, rows } from '../admin/sqlRows';

/** The console's usage window: today (UTC) and the 29 days before it. */
export const USAGE_WINDOW_DAYS = 30;

/** The UTC day of an instant, as the rollups key it: 'YYYY-MM-DD'. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** The UTC day `n` days before `now`'s. */
const daysBefore = (now: Date, n: number) => utcDay(new Date(now.getTime() - n * DAY_MS));

/** The first UTC day of a window of `days` days ending today. */
export const firstDayOf = (now: Date, days = USAGE_WINDOW_DAYS) => daysBefore(now, days - 1);

/** Every UTC day of a window of `days` days ending today, oldest first. */
export const windowDaysOf = (now: Date, days = USAGE_WINDOW_DAYS) =>
  Array.from({ length: days }, (_, i) => daysBefore(now, days - 1 - i));

const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);

/** Each user's usage over [from, to) from the daily rollups. */
const dailySums = (from: string, to: string | null) => sql`
  select user_id, sum(tokens) as tokens, sum(cost) as cost, sum(requests)::int as requests from ai_usage_daily
  where day >= ${from}::date ${to ? sql`and day < ${to}::date` : sql``} group by user_id`;

/**
 * The advisory lock that orders recordings and window claims: recordings share it, a claim takes it alone.
 * Advisory locks queue fairly, so a claim waits only for the recordings already under way; a row lock shared
 * by back-to-back recordings could keep a claim waiting for as long as the recordings kept coming.
 */
const WINDOW_LOCK_KEY = 30_302_611;
export const shareWindowLock = (tx: Db) =>
  tx.execute(sql`select pg_advisory_xact_lock_shared(${WINDOW_LOCK_KEY})`);

/** Users moved per transaction of a roll-forward: a metered request waits at most one batch for its user's row. */
export const ROLL_BATCH = 250;

/**
 * Brings ai_usage_30d to the window that starts `USAGE_WINDOW_DAYS - 1` days before `now`. Every read that finds
 * the window current costs one primary-key lookup. The first read of a new day claims the new window (a short
 * advisory lock that recordAiUsages shares), then subtracts the days that left from the users who had usage on
 * them, `batch` users at a time in user id order: each batch is its own transaction and moves the window's
 * cursor with it, so no lock is held across the whole roll and usage recording goes on meanwhile
 * (src-server/usage/recordAiUsage.ts says how the two agree). A read that finds a roll under way, or left off
 * by a process that stopped, carries it on from the cursor. The first build, a jump of a whole window, a clock
 * that went back and a claim while the last roll is unfinished sum the window afresh under the lock.
 * Without a job runner this keeps the totals right on every process and under an injected clock.
 */
export async function advanceUsageWindow(
  db: Db,
  now: Date,
  opts: { batch?: number; afterBatch?: () => Promise<void> } = {},
): Promise<void> {
  const target = firstDayOf(now);
  const [current] = await db.select().from(aiUsageWindow).where(eq(aiUsageWindow.id, 1));
  if (current?.firstDay === target && !current.rolling) return;
  const rolling = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${WINDOW_LOCK_KEY})`);
    await tx.insert(aiUsageWindow).values({ id: 1, firstDay: null }).onConflictDoNothing();
    const [row] = await tx.select().from(aiUsageWindow).where(eq(aiUsageWindow.id, 1)).for('update');
    const from = row.firstDay;
    if (from === target) return row.rolling;
    const whole = !from || from > target || daysBetween(from, target) >= USAGE_WINDOW_DAYS;
    if (whole || row.rolling) {
      await tx.execute(sql`delete from ai_usage_30d`);
      await tx.execute(
        sql`insert into ai_usage_30d (user_id, tokens, cost, requests) ${dailySums(target, null)}`,
      );
      await tx
        .update(aiUsageWindow)
        .set({ firstDay: target, rolling: false, rollFrom: null, rollCursor: null })
        .where(eq(aiUsageWindow.id, 1));
      return false;
    }
    await tx
      .update(aiUsageWindow)
      .set({ firstDay: target, rolling: true, rollFrom: from, rollCursor: null })
      .where(eq(aiUsageWindow.id, 1));
    return true;
  });
  if (rolling) await finishRoll(db, opts.batch ?? ROLL_BATCH, opts.afterBatch ?? restThreeTimesAsLong());
}

/**
 * Between batches, a pause three times as long as the batch took: the roll takes a quarter of the database's
 * time at most, so the metered requests around it keep their pace (docs/PERFORMANCE.md has the figures).
 */
function restThreeTimesAsLong(): () => Promise<void> {
  let since = performance.now();
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 3 * (performance.now() - since)));
    since = performance.now();
  };
}

/**
 * Carries the claimed roll on from the window's cursor until no user after it had usage on the days that
 * left. Each batch locks the window row, so two processes rolling take turns rather than subtracting twice.
 */
export async function finishRoll(
  db: Db,
  batch = ROLL_BATCH,
  afterBatch?: () => Promise<void>,
): Promise<void> {
  for (;;) {
    const more = await db.transaction(async (tx) => {
      const [w] = await tx.select().from(aiUsageWindow).where(eq(aiUsageWindow.id, 1)).for('update');
      if (!w?.rolling || !w.firstDay || !w.rollFrom) return false;
      const days = sql`day >= ${w.rollFrom}::date and day < ${w.firstDay}::date`;
      const after = w.rollCursor ? sql`user_id > ${w.rollCursor}::uuid` : sql`true`;
      // The next users with usage on the days that left, read down the (user_id, day) key from the cursor.
      const next = await rows<{ user_id: string }>(
        tx,
        sql`select user_id from ai_usage_daily where ${after} and ${days}
            group by user_id order by user_id limit ${batch}`,
      );
      const ids = next.map((r) => r.user_id);
      if (!ids.length) {
        await tx
          .update(aiUsageWindow)
          .set({ rolling: false, rollFrom: null, rollCursor: null })
          .where(eq(aiUsageWindow.id, 1));
        return false;
      }
      const inBatch = idIn(sql`user_id`, ids);
      await tx.execute(sql`
        update ai_usage_30d t set tokens = t.tokens - d.tokens, cost = t.cost - d.cost, requests = t.requests - d.requests
        from (
          select user_id, sum(tokens) as tokens, sum(cost) as cost, sum(requests)::int as requests
          from ai_usage_daily where ${inBatch} and ${days} group by user_id
        ) d
        where t.user_id = d.user_id`);
      await tx.execute(sql`delete from ai_usage_30d where ${inBatch} and requests <= 0`);
      await tx
        .update(aiUsageWindow)
        .set({ rollCursor: ids.at(-1)! })
        .where(eq(aiUsageWindow.id, 1));
      return true;
    });
    if (!more) return;
    await afterBatch?.();
  }
}
