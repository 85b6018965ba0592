import { randomBytes } from 'node:crypto';
import type { DbContext } from '../context';
import { hashToken } from '../auth/tokens';
import { and, eq, gt, isNotNull, isNull, lte, or } from 'drizzle-orm';
import { billingPageSessions, users } from '../db/schema';

export const PAGE_SESSION_TTL_MS = 30 * 60_000;

/** The embedded provider's two pages: checkout and the billing portal. */
type PageKind = 'checkout' | 'portal';

/** A page id acts for its user, so the table keeps only its hash, like every other token (docs/product.md). */
const newPageId = (kind: PageKind) =>
  `${kind === 'checkout' ? 'cs' : 'ps'}_${randomBytes(24).toString('base64url')}`;

/** The page session with that id and kind, while it has neither expired nor been completed. */
const usable = (id: string, kind: PageKind, now: Date) =>
  and(
    eq(billingPageSessions.id, hashToken(id)),
    eq(billingPageSessions.kind, kind),
    gt(billingPageSessions.expiresAt, now),
    isNull(billingPageSessions.completedAt),
  );

/**
 * A page id for the user. A checkout reuses the user's open checkout row, with its 30 minutes counted again, so
 * asking for checkout again and again keeps one row. Only the id's hash is stored, so the reused row gets a new
 * id and the latest link is the one that works (an earlier tab says the link expired). A portal page is new each
 * time, as each one serves one action.
 */
export async function createPageSession(
  { db, clock }: DbContext,
  userId: string,
  kind: PageKind,
  returnUrl: string,
): Promise<string> {
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + PAGE_SESSION_TTL_MS);
  const id = newPageId(kind);
  return db.transaction(async (tx) => {
    if (kind === 'checkout') {
      // Two checkout requests at once: the second waits here and then takes over the first one's row.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const [open] = await tx
        .update(billingPageSessions)
        .set({ id: hashToken(id), expiresAt, returnUrl })
        .where(
          and(
            eq(billingPageSessions.userId, userId),
            eq(billingPageSessions.kind, 'checkout'),
            gt(billingPageSessions.expiresAt, now),
            isNull(billingPageSessions.completedAt),
          ),
        )
        .returning({ id: billingPageSessions.id });
      if (open) return id;
    }
    await tx.insert(billingPageSessions).values({ id: hashToken(id), userId, kind, returnUrl, expiresAt });
    return id;
  });
}

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

/** Deletes the page ids that can never work again: expired or used. Part of the auth-link-purge job. */
export async function purgeBillingPages({ db, clock }: DbContext): Promise<number> {
  const gone = await db
    .delete(billingPageSessions)
    .where(or(isNotNull(billingPageSessions.completedAt), lte(billingPageSessions.expiresAt, clock.now())))
    .returning({ id: billingPageSessions.id });
  return gone.length;
}
