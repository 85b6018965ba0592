import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { abuseFlagEvents, abuseSafeMarks, users } from '../db/schema';
import { lockedUser } from '../db/lockedRows';
import { existingId } from '../ids';
import { audited, type Actor } from './audited';
import { usageFiguresOf } from './abuseService';

/** An operator flags a user: the flag, its history row and its audit record, together. */
export async function flagUser(ctx: AppContext, actor: Actor, id: string, reason: string): Promise<void> {
  const userId = existingId(id);
  const at = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const old = await lockedUser(tx, userId);
    await tx
      .update(users)
      .set({ flaggedForAbuse: true, lastFlaggedReason: reason, flaggedAt: at, updatedAt: at })
      .where(eq(users.id, userId));
    await tx.insert(abuseFlagEvents).values({ userId, action: 'flag', reason, by: actor.email, at });
    await audited(tx, actor, {
      at,
      action: 'user.flag',
      targetType: 'user',
      targetId: userId,
      summary: `Flagged ${old.email}: ${reason}`,
      before: { flaggedForAbuse: old.flaggedForAbuse, lastFlaggedReason: old.lastFlaggedReason },
      after: { flaggedForAbuse: true, lastFlaggedReason: reason },
    });
  });
}

/**
 * Unflag, or 'mark safe' from the suspicious list: clears the flag, records who cleared it, and remembers the
 * figures the abuse rules look at now, so the abuse check flags the user again only once their usage grows
 * past them.
 */
export async function clearFlag(
  ctx: AppContext,
  actor: Actor,
  id: string,
  action: 'unflag' | 'mark-safe',
): Promise<void> {
  const userId = existingId(id);
  const at = ctx.clock.now();
  const { figures } = await usageFiguresOf(ctx, userId);
  await ctx.db.transaction(async (tx) => {
    const old = await lockedUser(tx, userId);
    await tx.update(users).set({ flaggedForAbuse: false, updatedAt: at }).where(eq(users.id, userId));
    await tx.insert(abuseFlagEvents).values({ userId, action, reason: null, by: actor.email, at });
    const mark = { ...figures, action, by: actor.email, at };
    await tx
      .insert(abuseSafeMarks)
      .values({ userId, ...mark })
      .onConflictDoUpdate({ target: abuseSafeMarks.userId, set: mark });
    await audited(tx, actor, {
      at,
      action: action === 'unflag' ? 'user.unflag' : 'user.mark-safe',
      targetType: 'user',
      targetId: userId,
      summary: `${action === 'unflag' ? 'Unflagged' : 'Marked as safe'} ${old.email}`,
      before: { flaggedForAbuse: old.flaggedForAbuse },
      after: { flaggedForAbuse: false, rememberedUsage: figures },
    });
  });
}
