import { sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { Db } from '../db/connect';
import { rows } from './sqlRows';

/** One plan and subscription status ('none' for no subscription), summed over its shards. */
export interface PlanGroup {
  plan: 'free' | 'premium';
  status: string;
  count: number;
  flagged: number;
  storage: number;
}

/**
 * Accounts by plan and status from user_totals, which the users table's triggers keep (migration 0018): a few
 * hundred rows whatever the number of accounts. Only groups with an account are returned.
 */
export async function planGroups(ctx: AppContext, where: SQL = sql`true`): Promise<PlanGroup[]> {
  const list = await rows<PlanGroup>(
    ctx.db,
    sql`select plan, status, sum(users)::int as count, sum(flagged)::int as flagged,
               sum(storage_used)::float8 as storage
        from user_totals where ${where} group by 1, 2 having sum(users) > 0 order by 1, 2`,
  );
  return list.map((g) => ({
    ...g,
    count: Number(g.count),
    flagged: Number(g.flagged),
    storage: Number(g.storage),
  }));
}

/** The accounts on a plan and subscription status (either optional), without counting them one by one. */
export async function countByPlan(
  ctx: AppContext,
  f: { plan?: string; subscriptionStatus?: string },
): Promise<number> {
  const conds: SQL[] = [sql`true`];
  if (f.plan) conds.push(sql`plan = ${f.plan}`);
  if (f.subscriptionStatus) conds.push(sql`status = ${f.subscriptionStatus}`);
  const groups = await planGroups(ctx, sql.join(conds, sql` and `));
  return groups.reduce((n, g) => n + g.count, 0);
}

/** Every account's count, flags and stored bytes. */
export async function accountTotals(
  ctx: AppContext,
): Promise<{ count: number; flagged: number; storage: number }> {
  const groups = await planGroups(ctx);
  return groups.reduce(
    (t, g) => ({ count: t.count + g.count, flagged: t.flagged + g.flagged, storage: t.storage + g.storage }),
    { count: 0, flagged: 0, storage: 0 },
  );
}

/**
 * Counts user_totals afresh from the accounts (user_totals_recount, migration 0018): for the bulk seed, whose
 * inserts skip the triggers. Not for a live database: writes during the count would be lost.
 */
export async function recountUserTotals(db: Db): Promise<void> {
  await db.execute(sql`select user_totals_recount()`);
}
