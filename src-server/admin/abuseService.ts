import { desc, eq, sql } from 'drizzle-orm';
import type { AbuseHistory, AbuseStats, AdminUser } from '../../src/contract/admin';
import type { AppContext } from '../context';
import { DAY_MS } from '../clock';
import { abuseCheckRuns, abuseFlagEvents, abuseSafeMarks, users } from '../db/schema';
import { notFound } from '../errors';
import { rows } from './sqlRows';
import { existingId } from '../ids';
import { iso, PROFILE_COLUMNS, rowToAdminUser, type ProfileRow } from './userRows';
import { pageClause, sortMap, REASON_SORT, type ListQuery } from './listParams';
import { userWhere, type UserFilters } from './usersService';

/** A flag's reason category, as Top Reasons and the reason filter read it. */
const REASON_CATEGORY_SQL = sql`trim(split_part(coalesce(users.last_flagged_reason, 'No reason provided'), ':', 1))`;
import { estimatedCost, newViolations, thresholdsOf, violations, type UsageFigures } from './abuseRules';
import { suspectIdsSql, usageByUser, violatesSql } from './usageQueries';
import { audited, type Actor } from './audited';

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

const running = new Set<Promise<void>>();
/** Resolves once the checks this process started have finished (tests and shutdown use it). */
export const abuseChecksSettled = async () => void (await Promise.allSettled([...running]));

export const ABUSE_CHECK_JOB = 'abuse-check';

type Tx = Parameters<Parameters<AppContext['db']['transaction']>[0]>[0];

/**
 * Whoever holds the job's lease is the only one running a check, so a 'running' row met then was left by a
 * process that died mid-run.
 */
async function closeAbandonedRuns(tx: Tx | AppContext['db'], now: Date): Promise<void> {
  await tx
    .update(abuseCheckRuns)
    .set({ status: 'failed', finishedAt: now, error: 'abandoned' })
    .where(eq(abuseCheckRuns.status, 'running'));
}

/**
 * POST /admin/abuse/check: starts the check as a run of the abuse-check job and returns at once. The job's lease
 * keeps it to one run at a time across every API process, the daily run included.
 */
export async function startAbuseCheck(ctx: AppContext, actor: Actor): Promise<{ started: boolean }> {
  const now = ctx.clock.now();
  const claim = await ctx.jobs.claim(ABUSE_CHECK_JOB);
  let run: { id: string } | undefined;
  try {
    // The operator's request is recorded even when a run is already going: they asked for a check.
    run = await ctx.db.transaction(async (tx) => {
      let started: { id: string } | undefined;
      if (claim) {
        await closeAbandonedRuns(tx, now);
        [started] = await tx
          .insert(abuseCheckRuns)
          .values({ status: 'running', startedAt: now, startedBy: actor.email })
          .returning({ id: abuseCheckRuns.id });
      }
      await audited(tx, actor, {
        at: now,
        action: 'abuse-check.start',
        targetType: 'abuse-check',
        targetId: started?.id ?? null,
        summary: started
          ? 'Started an abuse check'
          : 'Asked for an abuse check while one was already running',
        before: null,
        after: { started: Boolean(started) },
      });
      return started;
    });
  } catch (err) {
    await claim?.release();
    throw err;
  }
  if (!claim || !run) return { started: false };
  const runId = run.id;
  const job = claim
    .run((jobCtx) => runAbuseCheck(jobCtx, runId))
    .then(() => undefined)
    .finally(() => running.delete(job));
  running.add(job);
  return { started: true };
}

/**
 * The abuse-check job on its schedule, or taken over after its process died: carries on the run that process
 * left open (the operator who asked still sees it finish), else opens one for the schedule.
 */
export async function abuseCheckJob(ctx: AppContext): Promise<void> {
  const [open] = await ctx.db
    .select({ id: abuseCheckRuns.id })
    .from(abuseCheckRuns)
    .where(eq(abuseCheckRuns.status, 'running'))
    .limit(1);
  const run =
    open ??
    (
      await ctx.db
        .insert(abuseCheckRuns)
        .values({ status: 'running', startedAt: ctx.clock.now(), startedBy: 'schedule' })
        .returning({ id: abuseCheckRuns.id })
    )[0];
  await runAbuseCheck(ctx, run.id);
}

async function runAbuseCheck(ctx: AppContext, runId: string): Promise<void> {
  try {
    // Each candidate with the figures remembered when an operator last cleared them, if ever.
    const candidates = await rows<{
      id: string;
      tokens: number;
      aiCost: number;
      storageUsed: number;
      storageLimit: number;
      mTokens: number | null;
      mAiCost: number;
      mStorageUsed: number;
      mStorageLimit: number;
    }>(
      ctx.db,
      sql`select users.id, coalesce(u.tokens, 0) as "tokens", coalesce(u.ai_cost, 0) as "aiCost",
                 users.storage_used::float8 as "storageUsed", users.storage_limit::float8 as "storageLimit",
                 m.tokens_30d::float8 as "mTokens", m.ai_cost_30d as "mAiCost",
                 m.storage_used::float8 as "mStorageUsed", m.storage_limit::float8 as "mStorageLimit"
          from ${suspectIdsSql(ctx)} s join users on users.id = s.id
          left join (${await usageByUser(ctx)}) u on u.user_id = users.id
          left join abuse_safe_marks m on m.user_id = users.id
          where not users.flagged_for_abuse and ${violatesSql(ctx)}`,
    );
    const t = thresholdsOf(ctx.config);
    const at = ctx.clock.now();
    let flagged = 0;
    for (let i = 0; i < candidates.length; i += 500) {
      const batch = candidates.slice(i, i + 500).flatMap((c) => {
        const remembered =
          c.mTokens === null
            ? null
            : {
                tokens30d: Number(c.mTokens),
                aiCost30d: Number(c.mAiCost),
                storageUsed: Number(c.mStorageUsed),
                storageLimit: Number(c.mStorageLimit),
              };
        const [reason] = newViolations(
          {
            tokens30d: Number(c.tokens),
            aiCost30d: Number(c.aiCost),
            storageUsed: Number(c.storageUsed),
            storageLimit: Number(c.storageLimit),
          },
          remembered,
          t,
          ctx.config.STORAGE_COST_PER_GB_MONTH,
        );
        return reason ? [{ id: c.id, reason }] : [];
      });
      if (!batch.length) continue;
      await ctx.db.transaction(async (tx) => {
        for (const b of batch) {
          await tx
            .update(users)
            .set({ flaggedForAbuse: true, lastFlaggedReason: b.reason, flaggedAt: at, updatedAt: at })
            .where(eq(users.id, b.id));
        }
        await tx.insert(abuseFlagEvents).values(
          batch.map((b) => ({
            userId: b.id,
            action: 'flag' as const,
            reason: b.reason,
            by: 'abuse-check',
            at,
          })),
        );
      });
      flagged += batch.length;
    }
    await ctx.db
      .update(abuseCheckRuns)
      .set({ status: 'done', finishedAt: ctx.clock.now(), flagged })
      .where(eq(abuseCheckRuns.id, runId));
  } catch (err) {
    await ctx.db
      .update(abuseCheckRuns)
      .set({
        status: 'failed',
        finishedAt: ctx.clock.now(),
        error: String((err as Error).message).slice(0, 500),
      })
      .where(eq(abuseCheckRuns.id, runId))
      .catch(() => undefined);
    // The job runner counts the failure too, and health reports it.
    throw err;
  }
}
