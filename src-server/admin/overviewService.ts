import { sql } from 'drizzle-orm';
import type { AdminOverview } from '../../src/contract/admin';
import type { AppContext } from '../context';
import { rows } from './sqlRows';
import { GB } from './abuseRules';
import { windowFirstDay } from './usageQueries';

/** GET /admin/overview: the four cards, plus the series the console charts. */
export async function overview(ctx: AppContext): Promise<AdminOverview> {
  const now = ctx.clock.now();
  const startOfDay = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()),
  ).toISOString();
  const since = windowFirstDay(ctx);
  const [cards] = await rows<{ total: number; active: number; storage: number }>(
    ctx.db,
    sql`select count(*)::int as total,
               count(*) filter (where last_login_at >= ${startOfDay}::timestamptz)::int as active,
               coalesce(sum(storage_used), 0)::float8 as storage
        from users`,
  );
  const [tokens] = await rows<{ tokens: number }>(
    ctx.db,
    sql`select coalesce(sum(tokens), 0)::float8 as tokens from ai_usage_daily_by_model where day >= ${since}::date`,
  );
  const usersByPlan = await rows<{ plan: 'free' | 'premium'; status: string; count: number }>(
    ctx.db,
    sql`select plan, coalesce(subscription_status, 'none') as status, count(*)::int as count from users group by 1, 2 order by 1, 2`,
  );
  const dailyUsage = await rows<{ day: string; tokens: number; cost: number }>(
    ctx.db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, sum(tokens)::float8 as tokens, round(sum(cost), 4)::float8 as cost
        from ai_usage_daily_by_model where day >= ${since}::date group by 1 order by 1`,
  );
  return {
    totalUsers: cards.total,
    activeUsersToday: cards.active,
    totalTokenUsage: Number(tokens.tokens),
    totalStorageUsedGB: Math.round((Number(cards.storage) / GB) * 100) / 100,
    usersByPlan: usersByPlan.map((r) => ({ ...r, count: Number(r.count) })),
    dailyUsage: dailyUsage.map((r) => ({ day: r.day, tokens: Number(r.tokens), cost: Number(r.cost) })),
  };
}
