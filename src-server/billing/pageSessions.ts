import { randomBytes } from 'node:crypto';
import type { DbContext } from '../context';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { billingPageSessions } from '../db/schema';

export const PAGE_SESSION_TTL_MS = 30 * 60_000;

export async function createPageSession(
  { db, clock }: DbContext,
  userId: string,
  kind: 'checkout' | 'portal',
  returnUrl: string,
): Promise<string> {
  const now = clock.now();
  const id = `${kind === 'checkout' ? 'cs' : 'ps'}_${randomBytes(24).toString('base64url')}`;
  await db
    .insert(billingPageSessions)
    .values({ id, userId, kind, returnUrl, expiresAt: new Date(now.getTime() + PAGE_SESSION_TTL_MS) });
  return id;
}

/** An unexpired, not yet completed page session of that kind, or null. */
export async function findPageSession({ db, clock }: DbContext, id: string, kind: 'checkout' | 'portal') {
  const now = clock.now();
  const [row] = await db
    .select()
    .from(billingPageSessions)
    .where(
      and(
        eq(billingPageSessions.id, id),
        eq(billingPageSessions.kind, kind),
        gt(billingPageSessions.expiresAt, now),
        isNull(billingPageSessions.completedAt),
      ),
    );
  return row ?? null;
}

/**
 * Uses a page id up: one conditional UPDATE, so of two concurrent submits only one gets the row back. Inside the
 * caller's transaction the claim is undone if the work after it fails (a declined card leaves the page usable).
 */
export async function claimPageSession({ db, clock }: DbContext, id: string, kind: 'checkout' | 'portal') {
  const now = clock.now();
  const [row] = await db
    .update(billingPageSessions)
    .set({ completedAt: now })
    .where(
      and(
        eq(billingPageSessions.id, id),
        eq(billingPageSessions.kind, kind),
        gt(billingPageSessions.expiresAt, now),
        isNull(billingPageSessions.completedAt),
      ),
    )
    .returning();
  return row ?? null;
}
