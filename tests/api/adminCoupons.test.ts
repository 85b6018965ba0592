import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from './harness';
import { adminSession } from './adminHarness';
import { coupons } from '../../src-server/db/schema';
import { DAY_MS } from '../../src-server/clock';

let t: TestApp;
let admin: Awaited<ReturnType<typeof adminSession>>;
beforeAll(async () => {
  t = await startTestApp();
  admin = await adminSession(t, 'coupons-admin@example.com');
});
afterAll(() => t.close());

const create = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/admin/coupons', headers: admin.headers, payload });
const inFuture = (days: number) => new Date(t.clock.now().getTime() + days * DAY_MS).toISOString();

describe('coupons', () => {
  it('creates a coupon with the code upper-cased and the operator as creator', async () => {
    const res = await create({
      code: 'spring24',
      discountType: 'percentage',
      amount: 20,
      usageLimit: 10,
      expiresAt: inFuture(30),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().coupon).toMatchObject({
      code: 'SPRING24',
      discountType: 'percentage',
      amount: 20,
      usageLimit: 10,
      usedCount: 0,
      isActive: true,
      isExpired: false,
      createdBy: 'coupons-admin@example.com',
    });
  });

  it('refuses a duplicate code, whatever its case, with 409', async () => {
    const res = await create({
      code: 'Spring24',
      discountType: 'fixed',
      amount: 1,
      usageLimit: null,
      expiresAt: null,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'A coupon with the code SPRING24 already exists' });
  });

  it.each([
    [
      { code: '', discountType: 'percentage', amount: 5, usageLimit: null, expiresAt: null },
      'Code is required',
    ],
    [
      { code: 'NO-DASH', discountType: 'percentage', amount: 5, usageLimit: null, expiresAt: null },
      'Code may contain only letters A-Z and digits',
    ],
    [
      { code: 'BIG', discountType: 'percentage', amount: 101, usageLimit: null, expiresAt: null },
      'A percentage must be a whole number from 0 to 100',
    ],
    [
      { code: 'HALF', discountType: 'percentage', amount: 12.5, usageLimit: null, expiresAt: null },
      'A percentage must be a whole number from 0 to 100',
    ],
    [
      { code: 'CENTS', discountType: 'fixed', amount: 1.005, usageLimit: null, expiresAt: null },
      'A fixed amount has at most two decimals',
    ],
    [
      { code: 'NEG', discountType: 'fixed', amount: -1, usageLimit: null, expiresAt: null },
      'Amount must be at least 0',
    ],
    [
      { code: 'ZERO', discountType: 'fixed', amount: 1, usageLimit: 0, expiresAt: null },
      'Usage limit must be at least 1',
    ],
    [
      { code: 'WHEN', discountType: 'fixed', amount: 1, usageLimit: null, expiresAt: 'tomorrow' },
      'Expiry must be a date and time',
    ],
  ])('rejects %j and stores nothing', async (payload, message) => {
    const before = (await t.db.select().from(coupons)).length;
    const res = await create(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect((await t.db.select().from(coupons)).length).toBe(before);
  });

  it('lists by status and code, computes isExpired, and counts the stats', async () => {
    await create({
      code: 'OLD1',
      discountType: 'fixed',
      amount: 2.5,
      usageLimit: null,
      expiresAt: inFuture(1),
    });
    await create({ code: 'OFF1', discountType: 'percentage', amount: 5, usageLimit: null, expiresAt: null });
    const off = (await t.db.select().from(coupons).where(eq(coupons.code, 'OFF1')))[0];
    await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/coupons/${off.id}`,
      headers: admin.headers,
      payload: { isActive: false },
    });
    await t.db.update(coupons).set({ usedCount: 4 }).where(eq(coupons.code, 'SPRING24'));
    t.clock.advance(2 * DAY_MS); // OLD1 expires

    const codes = async (q: string) =>
      (
        (await t.app.inject({ method: 'GET', url: `/api/admin/coupons${q}`, headers: admin.headers })).json()
          .coupons as { code: string }[]
      )
        .map((c) => c.code)
        .sort();
    expect(await codes('')).toEqual(['OFF1', 'OLD1', 'SPRING24']);
    expect(await codes('?status=active')).toEqual(['SPRING24']);
    expect(await codes('?status=expired')).toEqual(['OLD1']);
    expect(await codes('?search=ring')).toEqual(['SPRING24']);
    const all = (
      await t.app.inject({ method: 'GET', url: '/api/admin/coupons', headers: admin.headers })
    ).json().coupons;
    expect(all.find((c: { code: string }) => c.code === 'OLD1')).toMatchObject({
      isExpired: true,
      amount: 2.5,
    });

    const stats = (
      await t.app.inject({ method: 'GET', url: '/api/admin/coupons/stats', headers: admin.headers })
    ).json().stats;
    expect(stats).toEqual({ totalCoupons: 3, activeCoupons: 1, expiredCoupons: 1, totalUsages: 4 });
  });

  it('activates, deactivates and deletes; unknown ids get 404', async () => {
    const [row] = await t.db.select().from(coupons).where(eq(coupons.code, 'SPRING24'));
    const off = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/coupons/${row.id}`,
      headers: admin.headers,
      payload: { isActive: false },
    });
    expect(off.json()).toMatchObject({ message: 'Coupon deactivated', coupon: { isActive: false } });
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/coupons/${row.id}`,
      headers: admin.headers,
    });
    expect(del.json()).toEqual({ message: 'Coupon deleted' });
    expect(await t.db.select().from(coupons).where(eq(coupons.id, row.id))).toHaveLength(0);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/coupons/${row.id}`,
      headers: admin.headers,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'Coupon not found' });
  });
});
