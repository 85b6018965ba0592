import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { DAY_MS } from '../clock';
import { aiUsageWindow } from '../db/schema';

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
 * Brings ai_usage_30d to the window that starts `USAGE_WINDOW_DAYS - 1` days before `now`: the first console
 * read of a new day subtracts the days that left the window (about a thirtieth of the daily rows); every
 * other read finds the window current and costs one primary-key lookup. Without a job runner this keeps the
 * totals right on every process and under an injected clock. The row lock serialises it with recordAiUsage.
 */
export async function advanceUsageWindow(db: Db, now: Date): Promise<void> {
  const target = firstDayOf(now);
  const [current] = await db.select().from(aiUsageWindow).where(eq(aiUsageWindow.id, 1));
  if (current?.firstDay === target) return;
  await db.transaction(async (tx) => {
    await tx.insert(aiUsageWindow).values({ id: 1, firstDay: null }).onConflictDoNothing();
    const [row] = await tx.select().from(aiUsageWindow).where(eq(aiUsageWindow.id, 1)).for('update');
    const from = row.firstDay;
    if (from === target) return;
    if (!from || Math.abs(daysBetween(from, target)) >= USAGE_WINDOW_DAYS) {
      // First build, or every day has changed: sum the window afresh.
      await tx.execute(sql`delete from ai_usage_30d`);
      await tx.execute(
        sql`insert into ai_usage_30d (user_id, tokens, cost, requests) ${dailySums(target, null)}`,
      );
    } else if (from < target) {
      await tx.execute(sql`
        update ai_usage_30d t set tokens = t.tokens - d.tokens, cost = t.cost - d.cost, requests = t.requests - d.requests
        from (${dailySums(from, target)}) d where t.user_id = d.user_id`);
      await tx.execute(sql`delete from ai_usage_30d where requests <= 0`);
    } else {
      // The clock went back (tests, a corrected server clock): the days that re-enter are added.
      await tx.execute(sql`
        insert into ai_usage_30d (user_id, tokens, cost, requests) ${dailySums(target, from)}
        on conflict (user_id) do update set tokens = ai_usage_30d.tokens + excluded.tokens,
          cost = ai_usage_30d.cost + excluded.cost, requests = ai_usage_30d.requests + excluded.requests`);
    }
    await tx.update(aiUsageWindow).set({ firstDay: target }).where(eq(aiUsageWindow.id, 1));
  });
}
