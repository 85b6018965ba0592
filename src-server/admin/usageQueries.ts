import { sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../context';
import { GB, thresholdsOf } from './abuseRules';
import { advanceUsageWindow, firstDayOf, USAGE_WINDOW_DAYS } from '../usage/usageWindow';

export { USAGE_WINDOW_DAYS };

/** The first UTC day of the console's window (or of a `days`-day one), for the daily rollups. */
export const windowFirstDay = (ctx: AppContext, days = USAGE_WINDOW_DAYS) =>
  firstDayOf(ctx.clock.now(), days);

/**
 * Tokens and AI dollars per user over the 30-day window, as a subquery to join on user_id: one row per user
 * with usage, from the ai_usage_30d rollup (brought up to today first), never a scan of the events.
 */
export async function usageByUser(ctx: AppContext): Promise<SQL> {
  await advanceUsageWindow(ctx.db, ctx.clock.now());
  return sql`select user_id, tokens::float8 as tokens, cost::float8 as ai_cost from ai_usage_30d`;
}

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

/**
 * A superset of the users who are flagged or break a rule, found without joining every user to their usage:
 * the ones over a threshold on their own row, and the ones over one in ai_usage_30d. The cost rule (AI dollars
 * plus storage dollars over COST_DOLLAR) needs one of its two parts over half the threshold, so both halves
 * are candidates. Callers still apply violatesSql to the candidates.
 */
export function suspectIdsSql(ctx: AppContext): SQL {
  const t = thresholdsOf(ctx.config);
  const halfCostBytes = (t.COST_DOLLAR / 2 / ctx.config.STORAGE_COST_PER_GB_MONTH) * GB;
  return sql`(
    select id from users
    where flagged_for_abuse or storage_used > storage_limit
       or storage_used > ${Math.floor(Math.min(t.STORAGE_GB * GB, halfCostBytes))}::bigint
    union
    select user_id from ai_usage_30d where tokens > ${t.TOKENS_30D} or cost > ${t.COST_DOLLAR / 2}::numeric
  )`;
}

export const estimatedCostSql = (ctx: AppContext): SQL =>
  sql`(coalesce(u.ai_cost, 0) + users.storage_used / ${GB}::float8 * ${ctx.config.STORAGE_COST_PER_GB_MONTH}::float8)`;
