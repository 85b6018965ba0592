import { and, desc, eq, gt, ilike, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Coupon, CouponStats, CreateCoupon } from '../../src/contract/admin';
import type { AppContext } from '../context';
import { coupons, type CouponRow } from '../db/schema';
import { lockedCoupon } from '../db/lockedRows';
import { conflict, notFound } from '../errors';
import { existingId, uuidsOf } from '../ids';
import { likePattern } from './userRows';
import { isAscending, pageWindow, sortBy, sortMap, type ListQuery } from './listParams';
import { idIn } from './sqlRows';
import { audited, type Actor } from './audited';

export function toCoupon(row: CouponRow, now: Date): Coupon {
  return {
    id: row.id,
    code: row.code,
    discountType: row.discountType,
    amount: Number(row.amount),
    usageLimit: row.usageLimit ?? null,
    usedCount: row.usedCount,
    expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
    isActive: row.isActive,
    isExpired: row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime(),
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
  };
}

const SORTS = sortMap('coupons', {
  createdAt: coupons.createdAt,
  code: coupons.code,
  amount: coupons.amount,
  usedCount: coupons.usedCount,
  expiresAt: coupons.expiresAt,
  isActive: coupons.isActive,
  discountType: coupons.discountType,
  usageLimit: coupons.usageLimit,
  createdBy: coupons.createdBy,
  id: coupons.id,
} satisfies Record<string, PgColumn>);

/** GET /admin/coupons: status active (switched on and not expired) or expired, and a code search. */
export async function listCoupons(
  ctx: AppContext,
  f: { status?: 'active' | 'expired'; search?: string; ids?: string[] },
  params: ListQuery,
) {
  const now = ctx.clock.now();
  const conds: (SQL | undefined)[] = [];
  if (f.status === 'expired') conds.push(and(isNotNull(coupons.expiresAt), lte(coupons.expiresAt, now)));
  if (f.status === 'active')
    conds.push(and(eq(coupons.isActive, true), or(isNull(coupons.expiresAt), gt(coupons.expiresAt, now))));
  if (f.search?.trim()) conds.push(ilike(coupons.code, likePattern(f.search.trim())));
  if (f.ids) conds.push(idIn(sql`${coupons.id}`, uuidsOf(f.ids)));
  const where = and(...conds);
  const column = sortBy(SORTS, params.sort, 'createdAt');
  const ordered = isAscending(params) ? sql`${column} asc nulls last` : sql`${column} desc nulls last`;
  const base = ctx.db.select().from(coupons).where(where).orderBy(ordered, desc(coupons.id));
  const window = pageWindow(params);
  const paged = window !== null;
  const list = window ? await base.limit(window.limit).offset(window.offset) : await base;
  const total = paged
    ? (
        await ctx.db
          .select({ n: sql<number>`count(*)::int` })
          .from(coupons)
          .where(where)
      )[0].n
    : list.length;
  return { coupons: list.map((c) => toCoupon(c, now)), total: Number(total) };
}

export async function couponStats(ctx: AppContext): Promise<CouponStats> {
  const now = ctx.clock.now().toISOString();
  const [s] = await ctx.db
    .select({
      totalCoupons: sql<number>`count(*)::int`,
      activeCoupons: sql<number>`count(*) filter (where ${coupons.isActive} and (${coupons.expiresAt} is null or ${coupons.expiresAt} > ${now}::timestamptz))::int`,
      expiredCoupons: sql<number>`count(*) filter (where ${coupons.expiresAt} <= ${now}::timestamptz)::int`,
      totalUsages: sql<number>`coalesce(sum(${coupons.usedCount}), 0)::int`,
    })
    .from(coupons);
  return {
    totalCoupons: Number(s.totalCoupons),
    activeCoupons: Number(s.activeCoupons),
    expiredCoupons: Number(s.expiredCoupons),
    totalUsages: Number(s.totalUsages),
  };
}

/** GET /admin/coupons/{id}. */
export async function getCoupon(ctx: AppContext, id: string): Promise<Coupon> {
  const [row] = await ctx.db
    .select()
    .from(coupons)
    .where(eq(coupons.id, existingId(id, 'Coupon')));
  if (!row) throw notFound('Coupon not found');
  return toCoupon(row, ctx.clock.now());
}

/** A coupon's own fields, as the audit log records them before and after a change. */
export const auditFields = (row: CouponRow) => ({
  code: row.code,
  discountType: row.discountType,
  amount: Number(row.amount),
  usageLimit: row.usageLimit ?? null,
  expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
  isActive: row.isActive,
});
export const discountText = (row: CouponRow) =>
  row.discountType === 'percentage' ? `${Number(row.amount)}% off` : `$${Number(row.amount).toFixed(2)} off`;

export async function createCoupon(
  ctx: AppContext,
  actor: Actor,
  input: Required<Omit<CreateCoupon, 'usageLimit' | 'expiresAt'>> & {
    usageLimit: number | null;
    expiresAt: string | null;
  },
): Promise<Coupon> {
  const at = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(coupons)
      .values({
        code: input.code,
        discountType: input.discountType,
        amount: input.amount,
        usageLimit: input.usageLimit,
        expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
        createdBy: actor.email,
        createdAt: at,
      })
      .onConflictDoNothing({ target: coupons.code })
      .returning();
    if (!created) throw conflict(`A coupon with the code ${input.code} already exists`);
    await audited(tx, actor, {
      at,
      action: 'coupon.create',
      targetType: 'coupon',
      targetId: created.id,
      summary: `Created coupon ${created.code} (${discountText(created)})`,
      before: null,
      after: auditFields(created),
    });
    return created;
  });
  return toCoupon(row, at);
}

export async function setCouponActive(
  ctx: AppContext,
  actor: Actor,
  id: string,
  isActive: boolean,
): Promise<Coupon> {
  const couponId = existingId(id, 'Coupon');
  const at = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const old = await lockedCoupon(tx, couponId);
    const [updated] = await tx.update(coupons).set({ isActive }).where(eq(coupons.id, couponId)).returning();
    await audited(tx, actor, {
      at,
      action: 'coupon.update',
      targetType: 'coupon',
      targetId: couponId,
      summary: `${isActive ? 'Activated' : 'Deactivated'} coupon ${old.code}`,
      before: { isActive: old.isActive },
      after: { isActive },
    });
    return updated;
  });
  return toCoupon(row, at);
}

/** Deletes a coupon and answers it as it was, so the caller can name what went. */
export async function deleteCoupon(ctx: AppContext, actor: Actor, id: string): Promise<Coupon> {
  const couponId = existingId(id, 'Coupon');
  const at = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const [deleted] = await tx.delete(coupons).where(eq(coupons.id, couponId)).returning();
    if (!deleted) throw notFound('Coupon not found');
    await audited(tx, actor, {
      at: ctx.clock.now(),
      action: 'coupon.delete',
      targetType: 'coupon',
      targetId: couponId,
      summary: `Deleted coupon ${deleted.code} (${discountText(deleted)})`,
      before: auditFields(deleted),
      after: null,
    });
    return deleted;
  });
  return toCoupon(row, at);
}
