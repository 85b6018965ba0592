import { desc, eq, sql } from 'drizzle-orm';
import type { AbuseHistory, AbuseStats, AdminUser } from '../../src/contract/admin';
import type { AppContext } from '../context';
import { DAY_MS } from '../clock';
import { abuseFlagEvents, abuseSafeMarks } from '../db/schema';
import { notFound } from '../errors';
import { rows } from './sqlRows';
import { existingId } from '../ids';
import { iso, PROFILE_COLUMNS, rowToAdminUser, type ProfileRow } from './userRows';
import { pageClause, sortMap, REASON_SORT, type ListQuery } from './listParams';
import { userWhere, type UserFilters } from './usersService';

/** A flag's reason category, as Top Reasons and the reason filter read it. */
const REASON_CATEGORY_SQL = sql`trim(split_part(coalesce(users.last_flagged_reason, 'No reason provided'), ':', 1))`;
import { estimatedCost, newViolations, thresholdsOf, violations, type UsageFigures } from './abuseRules';
import { usageByUser } from './usageQueries';

const FLAGGED_SORTS = sortMap('flagged', {
  flaggedAt: 'users.flagged_at',
  email: 'users.email',
  createdAt: 'users.created_at',
  storageUsed: 'users.storage_used',
  name: 'users.name',
  displayName: 'users.display_name',
  plan: 'users.plan',
  subscriptionStatus: 'users.subscription_status',
  // Reasons are operators' sentences too: sorted as a reader would, whatever their case.
  lastFlaggedReason: REASON_SORT,
  storageLimit: 'users.storage_limit',
  id: 'users.id',
});

export interface FlaggedFilters extends UserFilters {
  /** The category of the flag's reason: the text before its first colon, as Top Reasons counts it. */
  reason?: string;
}

export async function listFlagged(
  ctx: AppContext,
  f: FlaggedFilters,
  params: ListQuery,
): Promise<{ users: AdminUser[]; total: number }> {
  const { order, limit, paged } = pageClause(params, FLAGGED_SORTS, 'flaggedAt');
  const reason = f.reason?.trim();
  const where = sql`users.flagged_for_abuse and ${userWhere(f)} ${
    reason ? sql`and lower(${REASON_CATEGORY_SQL}) = lower(${reason})` : sql``
  }`;
  const list = await rows<ProfileRow>(
    ctx.db,
    sql`select ${PROFILE_COLUMNS} from users where ${where} ${order} ${limit}`,
  );
  const total = paged
    ? Number(
        (await rows<{ n: number }>(ctx.db, sql`select count(*)::int as n from users where ${where}`))[0].n,
      )
    : list.length;
  return { users: list.map(rowToAdminUser), total };
}

export async function abuseStats(ctx: AppContext): Promise<AbuseStats> {
  const now = ctx.clock.now();
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())).toISOString();
  const weekAgo = new Date(now.getTime() - 7 * DAY_MS).toISOString();
  const [counts] = await rows<{ total: number; today: number; week: number }>(
    ctx.db,
    sql`select count(*)::int as total,
               count(*) filter (where flagged_at >= ${today}::timestamptz)::int as today,
               count(*) filter (where flagged_at >= ${weekAgo}::timestamptz)::int as week
        from users where flagged_for_abuse`,
  );
  // Top Reasons: the text before the first colon of each current flag's reason.
  const reasons = await rows<{ reason: string; count: number }>(
    ctx.db,
    sql`select ${REASON_CATEGORY_SQL} as reason, count(*)::int as count
        from users where flagged_for_abuse group by 1 order by 2 desc, 1 limit 5`,
  );
  return {
    totalFlagged: counts.total,
    flaggedToday: counts.today,
    flaggedThisWeek: counts.week,
    mostCommonReasons: reasons.map((r) => ({ reason: r.reason, count: Number(r.count) })),
  };
}

/** One user's profile and the figures the abuse rules look at, over the window. */
export async function usageFiguresOf(ctx: AppContext, id: string) {
  const [row] = await rows<ProfileRow & { tokens: number; aiCost: number }>(
    ctx.db,
    sql`select ${PROFILE_COLUMNS}, coalesce(u.tokens, 0) as "tokens", coalesce(u.ai_cost, 0) as "aiCost"
        from users left join (${await usageByUser(ctx)}) u on u.user_id = users.id where users.id = ${existingId(id)}`,
  );
  if (!row) throw notFound('User not found');
  const figures: UsageFigures = {
    tokens30d: Number(row.tokens),
    aiCost30d: Number(row.aiCost),
    storageUsed: Number(row.storageUsed),
    storageLimit: Number(row.storageLimit),
  };
  return { row, figures };
}

export async function abuseHistory(ctx: AppContext, id: string): Promise<AbuseHistory> {
  const { row, figures } = await usageFiguresOf(ctx, id);
  const t = thresholdsOf(ctx.config);
  const price = ctx.config.STORAGE_COST_PER_GB_MONTH;
  const found = violations(figures, t, price);
  const [mark] = await ctx.db.select().from(abuseSafeMarks).where(eq(abuseSafeMarks.userId, row.id));
  const events = await ctx.db
    .select()
    .from(abuseFlagEvents)
    .where(eq(abuseFlagEvents.userId, row.id))
    .orderBy(desc(abuseFlagEvents.at));
  return {
    email: row.email,
    userId: row.id,
    userStats: {
      plan: row.plan,
      createdAt: iso(row.createdAt)!,
      lastLogin: iso(row.lastLoginAt),
      storageUsed: Number(row.storageUsed),
      storageLimit: Number(row.storageLimit),
    },
    currentViolations: found,
    // As the abuse check sees it: a cleared user's violations count once their usage grows past the mark.
    shouldFlag: !row.flaggedForAbuse && newViolations(figures, mark ?? null, t, price).length > 0,
    currentlyFlagged: row.flaggedForAbuse,
    lastFlaggedReason: row.lastFlaggedReason ?? null,
    flaggedAt: iso(row.flaggedAt),
    history: events.map((e) => ({
      action: e.action,
      reason: e.reason ?? null,
      at: e.at.toISOString(),
      by: e.by,
    })),
    rememberedUsage: mark
      ? {
          action: mark.action,
          by: mark.by,
          at: mark.at.toISOString(),
          tokens30d: Number(mark.tokens30d),
          aiCost30d: Number(mark.aiCost30d),
          storageUsed: Number(mark.storageUsed),
          storageLimit: Number(mark.storageLimit),
          estimatedCost: estimatedCost(mark, price),
        }
      : null,
  };
}
