import { randomBytes } from 'node:crypto';
import type { DbContext } from '../context';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { billingPageSessions } from '../db/schema';

export const PAGE_SESSION_TTL_MS = 30 * 60_000;

/** The embedded provider's two pages: checkout and the billing portal. */
type PageKind = 'checkout' | 'portal';

export async function createPageSession(
  { db, clock }: DbContext,
  userId: string,
  kind: PageKind,
  returnUrl: string,
): Promise<string> {
  const now = clock.now();
  const id = `${kind === 'checkout' ? 'cs' : 'ps'}_${randomBytes(24).toString('base64url')}`;
  await db
    .insert(billingPageSessions)
    .values({ id, userId, kind, returnUrl, expiresAt: new Date(now.getTime() + PAGE_SESSION_TTL_MS) });
  return id;
}

/** The page session with that id and kind, while it has neither expired nor been completed. */
const usable = (id: string, kind: PageKind, now: Date) =>
  and(
    eq(billingPageSessions.id, id),
    eq(billingPageSessions.kind, kind),
    gt(billingPageSessions.expiresAt, now),
    isNull(billingPageSessions.completedAt),
  );

/** An unexpired, not yet completed page session of that kind, or null. */
export async function findPageSession({ db, clock }: DbContext, id: string, kind: PageKind) {
  const now = clock.now();
  const [row] = await db
    .select()
    .from(billingPageSessions)
    .where(usable(id, kind, now));
  return row ?? null;
}

/**
 * Uses a page id up: one conditional UPDATE, so of two concurrent submits only one gets the row back. Inside the
 * caller's transaction the claim is undone if the work after it fails (a declined card leaves the page usable).
 */
export async function claimPageSession({ db, clock }: DbContext, id: string, kind: PageKind) {
  const now = clock.now();
  const [row] = await db
    .update(billingPageSessions)
    .set({ completedAt: now })
    .where(usable(id, kind, now))
    .returning();
  return row ?? null;
}
