import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sharedTestApp, injectAs } from './harness';
import { sharedAdminSession } from './fixtures';
import { coupons } from '../../src-server/db/schema';
import { DAY_MS } from '../../src-server/clock';

const t = sharedTestApp();
const admin = sharedAdminSession(t, 'coupons-ops@example.com');

const call = injectAs(t, admin, '/api/admin');
const inDays = (days: number) => new Date(t.clock.now().getTime() + days * DAY_MS).toISOString();
const base = { discountType: 'percentage', amount: 10, usageLimit: null, expiresAt: null };

describe('POST /admin/coupons', () => {
  it('creates a coupon with the code in upper case and the operator as creator', async () => {
    const res = await call('POST', '/coupons', {
      ...base,
      code: 'spring25',
      amount: 25,
      usageLimit: 100,
      expiresAt: inDays(10),
    });
    expect(res.statusCode).toBe(201);
    const { coupon } = res.json();
    expect(coupon).toMatchObject({
      code: 'SPRING25',
      discountType: 'percentage',
      amount: 25,
      usageLimit: 100,
      usedCount: 0,
      isActive: true,
      isExpired: false,
      createdBy: 'coupons-ops@example.com',
    });
    expect(coupon.expiresAt).toBe(inDays(10));
    const [row] = await t.db.select().from(coupons).where(eq(coupons.code, 'SPRING25'));
    expect(row.usageLimit).toBe(100);
  });

  it('accepts a fixed amount with cents and null optionals', async () => {
    const res = await call('POST', '/coupons', {
      ...base,
      code: 'FIVE99',
      discountType: 'fixed',
      amount: 5.99,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().coupon).toMatchObject({ amount: 5.99, usageLimit: null, expiresAt: null });
  });

  it('accepts the largest fixed amount and usage limit', async () => {
    const res = await call('POST', '/coupons', {
      ...base,
      code: 'LARGEST',
      discountType: 'fixed',
      amount: 1_000_000,
      usageLimit: 1_000_000_000,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().coupon).toMatchObject({ amount: 1_000_000, usageLimit: 1_000_000_000 });
    await call('DELETE', `/coupons/${res.json().id}`);
  });

  it('answers 409 on a duplicate code, whatever its case', async () => {
    const res = await call('POST', '/coupons', { ...base, code: 'Spring25' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A coupon with the code SPRING25 already exists');
  });

  it.each([
    [{ code: '' }, 'Code is required'],
    [{ code: 'BAD-CODE' }, 'Code may contain only letters A-Z and digits'],
    [{ amount: 101 }, 'A percentage must be a whole number from 0 to 100'],
    [{ amount: 12.5 }, 'A percentage must be a whole number from 0 to 100'],
    [{ amount: -1 }, 'Amount must be at least 0'],
    [{ discountType: 'fixed', amount: 1.005 }, 'A fixed amount has at most two decimals'],
    [{ usageLimit: 0 }, 'Usage limit must be at least 1'],
    // Beyond the columns, these were a 500 from the database.
    [{ discountType: 'fixed', amount: 1e12 }, 'A fixed amount can be at most 1,000,000'],
    [{ discountType: 'fixed', amount: 1_000_000.01 }, 'A fixed amount can be at most 1,000,000'],
    [{ usageLimit: 1e15 }, 'Usage limit can be at most 1,000,000,000'],
    [{ usageLimit: 1_000_000_001 }, 'Usage limit can be at most 1,000,000,000'],
  ])('rejects %j with a message naming the problem', async (change, message) => {
    const before = await t.db.select().from(coupons);
    const res = await call('POST', '/coupons', { ...base, code: 'NEWONE', ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await t.db.select().from(coupons)).toHaveLength(before.length);
  });

  it('rejects an expiry that is not a date-time, naming the field', async () => {
    const res = await call('POST', '/coupons', { ...base, code: 'WHEN', expiresAt: 'next tuesday' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/expiresAt/);
  });
});

describe('GET /admin/coupons and stats', () => {
  beforeAll(async () => {
    // One coupon in each display status besides the two above: expired, used up, inactive.
    await t.db.insert(coupons).values([
      {
        code: 'OLDONE',
        discountType: 'percentage',
        amount: 5,
        expiresAt: new Date(t.clock.now().getTime() - DAY_MS),
        createdBy: 'x@example.com',
      },
      {
        code: 'USEDUP',
        discountType: 'fixed',
        amount: 2,
        usageLimit: 3,
        usedCount: 3,
        createdBy: 'x@example.com',
      },
      {
        code: 'SLEEPY',
        discountType: 'percentage',
        amount: 50,
        isActive: false,
        usedCount: 4,
        createdBy: 'x@example.com',
      },
    ]);
  });

  it('lists every coupon without a filter, with the §3 fields', async () => {
    const res = await call('GET', '/coupons');
    expect(res.statusCode).toBe(200);
    const list = res.json().coupons;
    expect(list.map((c: { code: string }) => c.code).sort()).toEqual([
      'FIVE99',
      'OLDONE',
      'SLEEPY',
      'SPRING25',
      'USEDUP',
    ]);
    expect(Object.keys(list[0]).sort()).toEqual([
      'amount',
      'code',
      'createdAt',
      'createdBy',
      'discountType',
      'expiresAt',
      'id',
      'isActive',
      'isExpired',
      'usageLimit',
      'usedCount',
    ]);
    expect(list.find((c: { code: string }) => c.code === 'OLDONE').isExpired).toBe(true);
  });

  it('filters by status and searches by code', async () => {
    const codes = async (q: string) =>
      (await call('GET', `/coupons${q}`))
        .json()
        .coupons.map((c: { code: string }) => c.code)
        .sort();
    expect(await codes('?status=expired')).toEqual(['OLDONE']);
    expect(await codes('?status=active')).toEqual(['FIVE99', 'SPRING25', 'USEDUP']);
    expect(await codes('?search=ring')).toEqual(['SPRING25']);
    expect(await codes('?status=active&search=five')).toEqual(['FIVE99']);
  });

  it('pages when asked and sends the total in X-Total-Count', async () => {
    const res = await call('GET', '/coupons?page=2&perPage=2&sort=code&order=ASC');
    expect(res.headers['x-total-count']).toBe('5');
    expect(res.json().coupons.map((c: { code: string }) => c.code)).toEqual(['SLEEPY', 'SPRING25']);
  });

  it('rejects an unknown status', async () => {
    const res = await call('GET', '/coupons?status=sleeping');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/status/);
  });

  it('counts total, active, expired and usages', async () => {
    const res = await call('GET', '/coupons/stats');
    expect(res.statusCode).toBe(200);
    expect(res.json().stats).toEqual({
      totalCoupons: 5,
      activeCoupons: 3,
      expiredCoupons: 1,
      totalUsages: 7,
    });
  });
});

describe('PATCH and DELETE /admin/coupons/{id}', () => {
  const idOf = async (code: string) =>
    (await t.db.select().from(coupons).where(eq(coupons.code, code)))[0].id;

  it('deactivates and activates a coupon', async () => {
    const id = await idOf('FIVE99');
    const off = await call('PATCH', `/coupons/${id}`, { isActive: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ message: 'Coupon deactivated', coupon: { isActive: false } });
    expect((await t.db.select().from(coupons).where(eq(coupons.id, id)))[0].isActive).toBe(false);
    const on = await call('PATCH', `/coupons/${id}`, { isActive: true });
    expect(on.json()).toMatchObject({ message: 'Coupon activated', coupon: { isActive: true } });
  });

  it('rejects a body without isActive', async () => {
    const res = await call('PATCH', `/coupons/${await idOf('FIVE99')}`, { isActive: 'yes' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/isActive/);
  });

  it('deletes a coupon, and a second delete is 404', async () => {
    const id = await idOf('SLEEPY');
    const res = await call('DELETE', `/coupons/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Coupon deleted');
    expect(await t.db.select().from(coupons).where(eq(coupons.id, id))).toHaveLength(0);
    expect((await call('DELETE', `/coupons/${id}`)).statusCode).toBe(404);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await call('PATCH', `/coupons/${id}`, { isActive: true });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Coupon not found');
    }
  });
});

describe('GET and PUT /admin/coupons/{id}', () => {
  let id: string;
  beforeAll(async () => {
    const res = await call('POST', '/coupons', { ...base, code: 'EDITME', usageLimit: 50 });
    expect(res.statusCode).toBe(201);
    // The spec's shape, and the record's fields at the top for clients that read the created record.
    expect(res.json()).toMatchObject({
      message: 'Coupon EDITME created',
      coupon: { code: 'EDITME' },
      code: 'EDITME',
    });
    id = res.json().id;
    expect(res.json().coupon.id).toBe(id);
    await t.db.update(coupons).set({ usedCount: 7 }).where(eq(coupons.id, id));
  });
  const stored = async () => (await t.db.select().from(coupons).where(eq(coupons.id, id)))[0];

  it('reads one coupon with the §3 fields', async () => {
    const res = await call('GET', `/coupons/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, code: 'EDITME', usedCount: 7, usageLimit: 50, isExpired: false });
    expect((await call('GET', '/coupons/00000000-0000-4000-8000-000000000000')).json()).toEqual({
      message: 'Coupon not found',
    });
  });

  it('changes the fields given, keeps the others, and ignores read-only ones', async () => {
    const expiresAt = inDays(10);
    const res = await call('PUT', `/coupons/${id}`, {
      code: 'edited',
      discountType: 'fixed',
      amount: 4.5,
      expiresAt,
      usedCount: 0,
      createdBy: 'someone@else.com',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      code: 'EDITED',
      discountType: 'fixed',
      amount: 4.5,
      usageLimit: 50,
      expiresAt,
      usedCount: 7,
      createdBy: 'coupons-ops@example.com',
    });
    expect(await stored()).toMatchObject({
      code: 'EDITED',
      usedCount: 7,
      createdBy: 'coupons-ops@example.com',
    });
  });

  it('refuses an edit the create form would refuse, and changes nothing', async () => {
    const before = await stored();
    const cases: [object, number, string | RegExp][] = [
      [{ discountType: 'percentage' }, 400, 'amount: A percentage must be a whole number from 0 to 100'],
      [{ code: 'NO-DASH' }, 400, 'Code may contain only letters A-Z and digits'],
      [{ usageLimit: 0 }, 400, 'Usage limit must be at least 1'],
      [{ usageLimit: 5 }, 400, 'Usage limit cannot be below the 7 uses so far'],
      [{ discountType: 'fixed', amount: 1e12 }, 400, 'A fixed amount can be at most 1,000,000'],
      [{ usageLimit: 1e15 }, 400, 'usageLimit: Usage limit can be at most 1,000,000,000'],
      [{ expiresAt: 'soon' }, 400, 'expiresAt must be an ISO date-time or null'],
      [{ isActive: 'yes' }, 400, /isActive/],
      [{ code: 'FIVE99' }, 409, 'A coupon with the code FIVE99 already exists'],
    ];
    for (const [payload, status, message] of cases) {
      const res = await call('PUT', `/coupons/${id}`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().message).toMatch(message);
    }
    expect(await stored()).toEqual(before);
    expect((await call('PUT', '/coupons/not-an-id', { amount: 1 })).statusCode).toBe(404);
  });

  it('answers the deleted coupon on delete', async () => {
    const res = await call('DELETE', `/coupons/${id}`);
    expect(res.json()).toMatchObject({ message: 'Coupon deleted', id, code: 'EDITED' });
  });
});
