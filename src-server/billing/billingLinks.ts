import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AppContext } from '../context';
import { billingLinks } from '../db/schema';
import { hashToken, newToken } from '../auth/tokens';

const LINK_TTL_MS = 60 * 60_000;

/** A short-lived link to the embedded checkout or portal page: the user's session token never goes in a URL. */
export async function createBillingLink(
  ctx: AppContext,
  userId: string,
  kind: 'checkout' | 'portal',
  returnUrl: string,
): Promise<string> {
  const token = newToken();
  await ctx.db.insert(billingLinks).values({
    tokenHash: hashToken(token),
    kind,
    userId,
    returnUrl,
    expiresAt: new Date(ctx.clock.now().getTime() + LINK_TTL_MS),
  });
  return `${ctx.config.apiUrl}/billing/local/${kind}/${token}`;
}

export async function findBillingLink(ctx: AppContext, kind: 'checkout' | 'portal', token: string) {
  const [link] = await ctx.db
    .select()
    .from(billingLinks)
    .where(
      and(
        eq(billingLinks.tokenHash, hashToken(token)),
        eq(billingLinks.kind, kind),
        gt(billingLinks.expiresAt, ctx.clock.now()),
        isNull(billingLinks.usedAt),
      ),
    );
  return link ?? null;
}

export async function useBillingLink(ctx: AppContext, id: string): Promise<void> {
  await ctx.db.update(billingLinks).set({ usedAt: ctx.clock.now() }).where(eq(billingLinks.id, id));
}
