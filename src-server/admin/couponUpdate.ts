import { and, eq, ne } from 'drizzle-orm';
import { createCouponSchema, type Coupon, type UpdateCoupon } from '../../src/contract/admin';
import type { AppContext } from '../context';
import { coupons } from '../db/schema';
import { lockedCoupon } from '../db/lockedRows';
import { badRequest, conflict } from '../errors';
import { existingId } from '../ids';
import { audited, type Actor } from './audited';
import { auditFields, toCoupon } from './couponsService';

/**
 * PUT /admin/coupons/{id}: changes the fields given, keeping the others. The whole coupon must then pass the
 * same rules as the create form, so an edit can never make a coupon the form would refuse.
 */
export async function updateCoupon(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: UpdateCoupon,
): Promise<Coupon> {
  const couponId = existingId(id, 'Coupon');
  const at = ctx.clock.now();
  const row = await ctx.db
    .transaction(async (tx) => {
      const old = await lockedCoupon(tx, couponId);
      const before = auditFields(old);
      const checked = createCouponSchema.safeParse({ ...before, ...definedOf(input) });
      if (!checked.success) throw badRequest(messageOf(checked.error.issues[0]));
      const next = { ...checked.data, isActive: input.isActive ?? old.isActive };
      if (next.usageLimit !== null && next.usageLimit < old.usedCount)
        throw badRequest(`Usage limit cannot be below the ${old.usedCount} uses so far`);
      const [taken] = await tx
        .select({ id: coupons.id })
        .from(coupons)
        .where(and(eq(coupons.code, next.code), ne(coupons.id, couponId)));
      if (taken) throw conflict(`A coupon with the code ${next.code} already exists`);
      const [updated] = await tx
        .update(coupons)
        .set({ ...next, expiresAt: next.expiresAt ? new Date(next.expiresAt) : null })
        .where(eq(coupons.id, couponId))
        .returning();
      const after = auditFields(updated);
      const changed = (Object.keys(after) as (keyof typeof after)[]).filter((k) => after[k] !== before[k]);
      await audited(tx, actor, {
        at,
        action: 'coupon.update',
        targetType: 'coupon',
        targetId: couponId,
        summary: changed.length
          ? `Edited coupon ${old.code}: ${changed.join(', ')}`
          : `Saved coupon ${old.code} without changes`,
        before: Object.fromEntries(changed.map((k) => [k, before[k]])),
        after: Object.fromEntries(changed.map((k) => [k, after[k]])),
      });
      return updated;
    })
    .catch((err: unknown) => {
      // Another edit took the code between the check and the update: the unique index refused it.
      if (isUniqueViolation(err))
        throw conflict(`A coupon with the code ${input.code?.toUpperCase()} already exists`);
      throw err;
    });
  return toCoupon(row, at);
}

/** The fields the caller gave; undefined means "keep". */
const definedOf = (input: UpdateCoupon) =>
  Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));

/** Named as the create form's errors are: the field first, unless the message already names it. */
function messageOf(issue: { path: PropertyKey[]; message: string }): string {
  const field = issue.path.map(String).join('.');
  return field && !issue.message.toLowerCase().includes(field.toLowerCase())
    ? `${field}: ${issue.message}`
    : issue.message;
}

/** PostgreSQL's unique_violation, wherever the driver wraps it. */
function isUniqueViolation(err: unknown): boolean {
  for (let e = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
