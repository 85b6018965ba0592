import { sql, type SQL } from 'drizzle-orm';
import type { CostSummary, SuspiciousStatistics, SuspiciousUser } from '../../src/contract/admin';
import type { AbuseReasonCategory } from '../../src/contract/adminLists';
import type { AppContext } from '../context';
import { idIn, rows } from './sqlRows';
import { GB, MB, thresholdsOf, violations } from './abuseRules';
import { estimatedCostSql, suspectIdsSql, usageByUser, violatesSql, windowFirstDay } from './usageQueries';
import { pageClause, sortMap, type ListQuery } from './listParams';
import { likePattern } from './userRows';
import { uuidsOf } from '../ids';
import { accountTotals } from './userTotals';

const round = (x: number, places: number) => Math.round(x * 10 ** places) / 10 ** places;

const SUSPICIOUS_SORTS = sortMap('suspicious', {
  estimatedCost: '"estimatedCost"',
  tokensUsed30d: '"tokensUsed30d"',
  storageUsedMB: '"storageUsedMB"',
  email: '"email"',
  plan: '"plan"',
  name: '"name"',
  displayName: '"displayName"',
  flaggedForAbuse: '"flaggedForAbuse"',
  id: '"id"',
});

export interface SuspiciousFilters {
  plan?: 'free' | 'premium';
  /** Flagged, or suspicious without a flag (the list's Status column). */
  status?: 'flagged' | 'suspicious';
  /** A rule the user breaks now. */
  reason?: AbuseReasonCategory;
  /** Email or name. */
  search?: string;
  ids?: string[];
}

/** The filters, on the list's joined rows (named as in its select). */
function suspiciousWhere(ctx: AppContext, f: SuspiciousFilters): SQL {
  const t = thresholdsOf(ctx.config);
  const conds: SQL[] = [sql`true`];
  if (f.plan) conds.push(sql`j.plan = ${f.plan}`);
  if (f.status) conds.push(f.status === 'flagged' ? sql`j."flaggedForAbuse"` : sql`not j."flaggedForAbuse"`);
  if (f.reason) {
    const rule: Record<AbuseReasonCategory, SQL> = {
      Cost: sql`j."estimatedCost" > ${t.COST_DOLLAR}::float8`,
      Tokens: sql`j."tokensUsed30d" > ${t.TOKENS_30D}::float8`,
      Storage: sql`j."storageUsed" > ${t.STORAGE_GB * GB}::float8`,
      'Plan limit': sql`j."storageUsed" > j."storageLimit"`,
    };
    conds.push(rule[f.reason]);
  }
  const term = f.search?.trim();
  if (term) conds.push(sql`(j.email ilike ${likePattern(term)} or j.name ilike ${likePattern(term)})`);
  if (f.ids) conds.push(idIn(sql`j.id`, uuidsOf(f.ids)));
  return sql.join(conds, sql` and `);
}

/** GET /admin/users/suspicious: flagged users and users breaking a rule, costliest first, with statistics. */
export async function suspiciousUsers(
  ctx: AppContext,
  f: SuspiciousFilters,
  params: ListQuery,
): Promise<{ users: SuspiciousUser[]; statistics: SuspiciousStatistics; total: number }> {
  const usage = await usageByUser(ctx);
  const cost = estimatedCostSql(ctx);
  const { order, limit, paged } = pageClause(params, SUSPICIOUS_SORTS, 'estimatedCost');
  const where = sql`(users.flagged_for_abuse or ${violatesSql(ctx)})`;
  const filters = suspiciousWhere(ctx, f);
  // The statistics cover everyone: the kept account totals and the window's AI dollars by model, the same
  // figures as the cost summary. The list joins only the suspects to their usage.
  const stats = Promise.all([accountTotals(ctx), windowAiTotals(ctx)]).then(([e, ai]) => [
    { total: e.count, flagged: e.flagged, storage: e.storage, ai: ai.cost },
  ]);
  const page = rows<
    { matching: number } & {
      id: string | null;
      email: string;
      displayName: string;
      name: string;
      plan: 'free' | 'premium';
      tokensUsed30d: number;
      aiCost: number;
      storageUsed: number;
      storageLimit: number;
      storageUsedMB: number;
      estimatedCost: number;
      flaggedForAbuse: boolean;
    }
  >(
    ctx.db,
    sql`with s as materialized ${suspectIdsSql(ctx)}, j as materialized (
          select users.id, users.email, users.display_name as "displayName", users.name, users.plan,
                 coalesce(u.tokens, 0) as "tokensUsed30d", coalesce(u.ai_cost, 0) as "aiCost",
                 users.storage_used::float8 as "storageUsed", users.storage_limit::float8 as "storageLimit",
                 users.storage_used / ${MB}::float8 as "storageUsedMB", ${cost} as "estimatedCost",
                 users.flagged_for_abuse as "flaggedForAbuse", ${where} as suspicious
          -- Looked up suspect by suspect: the planner cannot tell s holds thousands of ids, not a million, and
          -- would otherwise hash both tables whole. OFFSET 0 keeps each lookup a subquery of its own.
          from s cross join lateral (select * from users where users.id = s.id offset 0) users
          left join lateral (select * from (${usage}) x where x.user_id = s.id offset 0) u on true
        ), agg as (select count(*) filter (where suspicious and ${filters})::int as matching from j)
        select agg.*, p.* from agg
        left join lateral (select * from j where suspicious and ${filters} ${order} ${limit}) p on true`,
  );
  // Independent reads: on PostgreSQL they run side by side on two connections.
  const [[everyone], result] = await Promise.all([stats, page]);
  const agg = result[0];
  const totalCost =
    Number(everyone.ai) + (Number(everyone.storage) / GB) * ctx.config.STORAGE_COST_PER_GB_MONTH;
  const list = result.filter((r): r is typeof r & { id: string } => r.id !== null);
  const thresholds = thresholdsOf(ctx.config);
  return {
    users: list.map((r) => ({
      _id: r.id,
      email: r.email,
      displayName: r.displayName,
      name: r.name || r.displayName,
      plan: r.plan,
      tokensUsed30d: Number(r.tokensUsed30d),
      storageUsedMB: round(Number(r.storageUsedMB), 2),
      estimatedCost: round(Number(r.estimatedCost), 6),
      flaggedForAbuse: r.flaggedForAbuse,
      suspiciousReasons: violations(
        {
          tokens30d: Number(r.tokensUsed30d),
          aiCost30d: Number(r.aiCost),
          storageUsed: Number(r.storageUsed),
          storageLimit: Number(r.storageLimit),
        },
        thresholds,
        ctx.config.STORAGE_COST_PER_GB_MONTH,
      ),
    })),
    statistics: {
      totalUsers: everyone.total,
      flaggedUsers: everyone.flagged,
      averageEstimatedCost: round(everyone.total ? totalCost / everyone.total : 0, 6),
      totalEstimatedCost: round(totalCost, 6),
      thresholds,
    },
    total: paged ? Number(agg.matching) : list.length,
  };
}

/** GET /admin/cost-analysis/summary: 30 days of AI cost and a month of storage, across every user. */
export async function costSummary(ctx: AppContext): Promise<CostSummary> {
  const [ai, accounts] = await Promise.all([windowAiTotals(ctx), accountTotals(ctx)]);
  const totalGB = accounts.storage / GB;
  const storageCost = totalGB * ctx.config.STORAGE_COST_PER_GB_MONTH;
  return {
    tokens: { total: Number(ai.tokens), cost: round(Number(ai.cost), 6) },
    storage: { totalGB: round(totalGB, 3), cost: round(storageCost, 6) },
    total: { estimatedCost: round(Number(ai.cost) + storageCost, 6) },
    byModel: await costByModel(ctx),
  };
}

/** AI tokens and dollars across everyone over the window, deleted accounts included: their requests were paid for. */
async function windowAiTotals(ctx: AppContext): Promise<{ tokens: number; cost: number }> {
  const [ai] = await rows<{ tokens: number; cost: number }>(
    ctx.db,
    sql`select coalesce(sum(tokens), 0)::float8 as tokens, coalesce(sum(cost), 0)::float8 as cost
        from ai_usage_daily_by_model where day >= ${windowFirstDay(ctx)}::date`,
  );
  return { tokens: Number(ai.tokens), cost: Number(ai.cost) };
}

/** Cost by provider and model over the window, for the cost analysis page. */
export async function costByModel(ctx: AppContext) {
  const list = await rows<{ provider: string; model: string; tokens: number; cost: number }>(
    ctx.db,
    sql`select provider, model, sum(tokens)::float8 as tokens, sum(cost)::float8 as cost
        from ai_usage_daily_by_model where day >= ${windowFirstDay(ctx)}::date
        group by 1, 2 order by 4 desc, 1, 2`,
  );
  return list.map((r) => ({
    provider: r.provider,
    model: r.model,
    tokens: Number(r.tokens),
    cost: round(Number(r.cost), 6),
  }));
}
