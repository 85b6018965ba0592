import { and, eq } from 'drizzle-orm';
import { PLANS } from '../../src/config';
import type { AppContext } from '../context';
import { DAY_MS } from '../clock';
import { aiUsageDaily, type UserRow } from '../db/schema';
import { HttpError } from '../errors';
import { utcDay } from '../usage/usageWindow';

/** The tokens an account of the plan may use on AI requests in one UTC day. */
export const dailyTokenBudget = (ctx: Pick<AppContext, 'config'>, plan: UserRow['plan']): number =>
  plan === 'premium' ? ctx.config.AI_DAILY_TOKENS_PREMIUM : ctx.config.AI_DAILY_TOKENS_FREE;

/**
 * Refuses the request with 429 once the account's tokens today (UTC) reach its plan's budget, before any provider
 * is asked. Reads the per-user daily rollup that metering adds to, one primary-key row. Requests already under way
 * are not counted until they are metered, so parallel ones may pass the budget by their own tokens; the
 * per-account request limit bounds how many there can be.
 */
export async function checkAiBudget(ctx: AppContext, user: Pick<UserRow, 'id' | 'plan'>): Promise<void> {
  const now = ctx.clock.now();
  const [today] = await ctx.db
    .select({ tokens: aiUsageDaily.tokens })
    .from(aiUsageDaily)
    .where(and(eq(aiUsageDaily.userId, user.id), eq(aiUsageDaily.day, utcDay(now))));
  const budget = dailyTokenBudget(ctx, user.plan);
  if ((today?.tokens ?? 0) < budget) return;
  const midnight = Math.floor(now.getTime() / DAY_MS + 1) * DAY_MS;
  const seconds = Math.max(1, Math.ceil((midnight - now.getTime()) / 1000));
  throw new HttpError(
    429,
    `You have used today's AI budget of ${budget.toLocaleString('en-US')} tokens on the ${PLANS[user.plan].name} plan. ` +
      'It resets at midnight UTC.',
    { 'Retry-After': String(seconds) },
  );
}
