import { sql, type SQL } from 'drizzle-orm';
import { DAY_MS } from '../clock';
import type { AppContext } from '../context';
import { GB, thresholdsOf } from './abuseRules';

export const USAGE_WINDOW_DAYS = 30;
export const windowStart = (ctx: AppContext, days = USAGE_WINDOW_DAYS) =>
  new Date(ctx.clock.now().getTime() - days * DAY_MS);

/** Tokens and AI dollars per user since `since`, aggregated in the database. */
export const usageByUser = (since: Date): SQL => sql`
  select user_id, sum(total_tokens)::float8 as tokens, sum(cost)::float8 as ai_cost
  from ai_usage_events where created_at >= ${since.toISOString()}::timestamptz group by user_id`;

/** The SQL twin of abuseRules.violations: true for a user breaking any rule. */
export function violatesSql(ctx: AppContext): SQL {
  const t = thresholdsOf(ctx.config);
  const price = ctx.config.STORAGE_COST_PER_GB_MONTH;
  return sql`(
    coalesce(u.tokens, 0) > ${t.TOKENS_30D}
    or users.storage_used > ${t.STORAGE_GB * GB}::float8
    or coalesce(u.ai_cost, 0) + users.storage_used / ${GB}::float8 * ${price}::float8 > ${t.COST_DOLLAR}::float8
    or users.storage_used > users.storage_limit
  )`;
}

export const estimatedCostSql = (ctx: AppContext): SQL =>
  sql`(coalesce(u.ai_cost, 0) + users.storage_used / ${GB}::float8 * ${ctx.config.STORAGE_COST_PER_GB_MONTH}::float8)`;
