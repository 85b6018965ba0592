import { sql } from 'drizzle-orm';
import type { AdminOverview } from '../../src/contract/admin';
import type { AppContext } from '../context';
import { rows } from './sqlRows';
import { GB } from './abuseRules';
import { windowDaysOf } from '../usage/usageWindow';
import { planGroups } from './userTotals';

/** GET /admin/overview: the four cards, plus the series the console charts. */
export async function overview(ctx: AppContext): Promise<AdminOverview> {
  const now = ctx.clock.now();
  const startOfDay = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()),
  ).toISOString();
  const days = windowDaysOf(now);
  // The kept totals by plan and status give the cards and the plan chart, today's sign-ins come from their
  // index, and the tokens card is the sum of the daily series. The reads are independent (side by side on
  // PostgreSQL).
  const [groups, [active], usage] = await Promise.all([
    planGroups(ctx),
    rows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from users where last_login_at >= ${startOfDay}::timestamptz`,
    ),
    rows<{ day: string; tokens: number; cost: number }>(
      ctx.db,
      sql`select to_char(day, 'YYYY-MM-DD') as day, sum(tokens)::float8 as tokens, round(sum(cost), 4)::float8 as cost
          from ai_usage_daily_by_model where day between ${days[0]}::date and ${days.at(-1)}::date
          group by 1 order by 1`,
    ),
  ]);
  const sum = <T>(list: T[], f: (x: T) => number) => list.reduce((total, x) => total + Number(f(x)), 0);
  const storage = sum(groups, (g) => g.storage);
  // Every day of the window, a day without usage as zero, so that the chart neither draws a line across a quiet
  // day nor starts the window late; the last day is today, still under way.
  const usageOf = new Map(usage.map((r) => [r.day, r]));
  const dailyUsage = days.map((day) => ({
    day,
    tokens: Number(usageOf.get(day)?.tokens ?? 0),
    cost: Number(usageOf.get(day)?.cost ?? 0),
  }));
  return {
    totalUsers: sum(groups, (g) => g.count),
    activeUsersToday: Number(active.n),
    totalTokenUsage: sum(dailyUsage, (d) => d.tokens),
    totalStorageUsedGB: Math.round((storage / GB) * 100) / 100,
    usersByPlan: groups.map((g) => ({ plan: g.plan, status: g.status, count: Number(g.count) })),
    dailyUsage,
  };
}
