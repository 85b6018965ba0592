import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { Tx } from '../db/connect';
import { abuseCheckRuns, abuseFlagEvents, users } from '../db/schema';
import { rows } from './sqlRows';
import { newViolations, thresholdsOf } from './abuseRules';
import { suspectIdsSql, usageByUser, violatesSql } from './usageQueries';
import { audited, type Actor } from './audited';

// The abuse check: a job of the runner, daily and on an operator's request; the job's lease keeps it to one run
// at a time across every API process.

const running = new Set<Promise<void>>();
/** Resolves once the checks this process started have finished (tests and shutdown use it). */
export const abuseChecksSettled = async () => void (await Promise.allSettled([...running]));

export const ABUSE_CHECK_JOB = 'abuse-check';

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
  }
}
