import { describe, expect, it } from 'vitest';
import { eq, gt, sql } from 'drizzle-orm';
import { registerUser, sharedTestApp } from './harness';
import { userWith, sharedAdminSession, couponWith } from './fixtures';
import { auditLog, contactMessages, users } from '../../src-server/db/schema';
import { abuseChecksSettled } from '../../src-server/admin/abuseCheck';
import type { AuditAction, AuditTargetType } from '../../src/contract/audit';

const t = sharedTestApp();
const admin = sharedAdminSession(t, 'walker@example.com');

let n = 0;
const fresh = (prefix: string) => `${prefix}-${++n}`;
const newUser = () => userWith(t, { email: `${fresh('target')}@example.com` });
/** Only a verified address can be made an admin. */
async function newVerifiedUser() {
  const id = await newUser();
  await t.db.update(users).set({ emailVerified: true }).where(eq(users.id, id));
  return id;
}
const newCoupon = () => couponWith(t, { code: fresh('WALK').replace('-', ''), createdBy: 'seed' });
async function newMessage() {
  const [row] = await t.db
    .insert(contactMessages)
    .values({ type: 'support', name: 'Sam', email: 'sam@example.com', message: fresh('help') })
    .returning({ id: contactMessages.id });
  return row.id;
}

interface Walk {
  url: string;
  payload?: object;
  action: AuditAction;
  targetType: AuditTargetType;
  /** The id the record must name; omitted when the target is only known after the call. */
  targetId?: string | null;
}

/** A walk on a record made for it: `/users/{id}/ads` for a fresh user, and so on. */
const onFresh =
  (
    make: () => Promise<string>,
    targetType: AuditTargetType,
    path: string,
    action: AuditAction,
    payload?: object,
  ) =>
  async (): Promise<Walk> => {
    const id = await make();
    return { url: `/${targetType}s/${id}${path}`, payload, action, targetType, targetId: id };
  };
const onUser = (path: string, action: AuditAction, payload?: object) =>
  onFresh(newUser, 'user', path, action, payload);
const onCoupon = (action: AuditAction, payload?: object) => onFresh(newCoupon, 'coupon', '', action, payload);

/**
 * One way to call each admin write route, and the record it must leave. A route in the table without an entry
 * here fails the walk: add one, and route the write through audited().
 */
const WALKS: Record<string, () => Promise<Walk>> = {
  'PATCH /api/admin/users/:id/ads': onUser('/ads', 'user.ads', { adsDisabled: true }),
  'PATCH /api/admin/users/:id/subscription': onUser('/subscription', 'user.plan', { plan: 'premium' }),
  'POST /api/admin/users/:id/flag': onUser('/flag', 'user.flag', { reason: 'Spam: bulk saves' }),
  'POST /api/admin/users/:id/unflag': onUser('/unflag', 'user.unflag'),
  'PATCH /api/admin/users/:id/mark-safe': onUser('/mark-safe', 'user.mark-safe'),
  'POST /api/admin/users/:id/revoke-sessions': onUser('/revoke-sessions', 'user.revoke-sessions'),
  'PATCH /api/admin/users/:id/role': onFresh(newVerifiedUser, 'user', '/role', 'user.role', {
    role: 'admin',
  }),
  'POST /api/admin/coupons': async () => ({
    url: '/coupons',
    payload: {
      code: fresh('NEW').replace('-', ''),
      discountType: 'percentage',
      amount: 10,
      usageLimit: null,
      expiresAt: null,
    },
    action: 'coupon.create',
    targetType: 'coupon',
  }),
  'PATCH /api/admin/coupons/:id': onCoupon('coupon.update', { isActive: false }),
  'PUT /api/admin/coupons/:id': onCoupon('coupon.update', { amount: 7.5, usageLimit: 20 }),
  'DELETE /api/admin/coupons/:id': onCoupon('coupon.delete'),
  'PATCH /api/admin/ai-config': async () => ({
    url: '/ai-config',
    payload: { taskType: 'search', provider: 'anthropic', model: 'claude-sonnet-4' },
    action: 'ai-config.update',
    targetType: 'ai-config',
    targetId: 'search',
  }),
  'POST /api/admin/ai-config/reset': async () => ({
    url: '/ai-config/reset',
    action: 'ai-config.reset',
    targetType: 'ai-config',
    targetId: null,
  }),
  'POST /api/admin/abuse/check': async () => ({
    url: '/abuse/check',
    action: 'abuse-check.start',
    targetType: 'abuse-check',
  }),
  'PATCH /api/admin/messages/:id': onFresh(newMessage, 'message', '', 'message.status', {
    status: 'resolved',
  }),
};

const lastAuditId = async () =>
  Number((await t.db.select({ id: sql<number>`coalesce(max(${auditLog.id}), 0)` }).from(auditLog))[0].id);
const recordsAfter = (id: number) => t.db.select().from(auditLog).where(gt(auditLog.id, id));

async function call(method: string, walk: Walk) {
  return t.app.inject({
    method: method as 'POST',
    url: `/api/admin${walk.url}`,
    headers: admin.headers,
    ...(walk.payload ? { payload: walk.payload } : {}),
  });
}

describe('every admin write route, walked from the route table', () => {
  it('has a way to be called in this test (a new route must be added here, audited)', () => {
    const table = t.app.adminWriteRoutes.map((r) => `${r.method} ${r.url}`).sort();
    // Enough routes to show the table was read, and exactly the walked ones: none missed, none made up.
    expect(table.length).toBeGreaterThanOrEqual(14);
    expect(table).toEqual(Object.keys(WALKS).sort());
  });

  it('leaves exactly one audit record naming the operator, the action and the target', async () => {
    const failures: string[] = [];
    for (const { method, url } of t.app.adminWriteRoutes) {
      const route = `${method} ${url}`;
      const prepare = WALKS[route];
      if (!prepare) {
        failures.push(`${route}: no walk`);
        continue;
      }
      const walk = await prepare();
      const before = await lastAuditId();
      const res = await call(method, walk);
      await abuseChecksSettled();
      if (res.statusCode < 200 || res.statusCode > 299) {
        failures.push(`${route}: ${res.statusCode} ${res.body}`);
        continue;
      }
      const records = await recordsAfter(before);
      if (records.length !== 1) {
        failures.push(`${route}: ${records.length} audit records`);
        continue;
      }
      const [r] = records;
      try {
        expect(r).toMatchObject({
          actor: 'walker@example.com',
          action: walk.action,
          targetType: walk.targetType,
        });
        if (walk.targetId !== undefined) expect(r.targetId).toBe(walk.targetId);
        expect(r.at.toISOString()).toBe(t.clock.now().toISOString());
        expect(r.summary.length).toBeGreaterThan(10);
      } catch (err) {
        failures.push(`${route}: ${(err as Error).message}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('the changed fields', () => {
  const only = async (before: number) => {
    const records = await recordsAfter(before);
    expect(records).toHaveLength(1);
    return records[0];
  };
  const send = async (method: string, walk: Walk) => {
    const before = await lastAuditId();
    expect((await call(method, walk)).statusCode).toBeLessThan(300);
    return only(before);
  };

  it('are recorded before and after, with a sentence an operator can read', async () => {
    const id = await userWith(t, { email: 'fields@example.com' });
    expect(
      await send('PATCH', { url: `/users/${id}/ads`, payload: { adsDisabled: true } } as Walk),
    ).toMatchObject({
      summary: 'Disabled ads for fields@example.com',
      before: { adsDisabled: false },
      after: { adsDisabled: true },
    });
    expect(
      await send('PATCH', { url: `/users/${id}/subscription`, payload: { plan: 'premium' } } as Walk),
    ).toMatchObject({
      summary: 'Changed the plan of fields@example.com from free to premium',
      before: { plan: 'free', complimentary: false },
      after: { plan: 'premium', complimentary: true },
    });
    expect(
      await send('POST', { url: `/users/${id}/flag`, payload: { reason: 'Spam: 900 saves' } } as Walk),
    ).toMatchObject({
      summary: 'Flagged fields@example.com: Spam: 900 saves',
      before: { flaggedForAbuse: false, lastFlaggedReason: null },
      after: { flaggedForAbuse: true, lastFlaggedReason: 'Spam: 900 saves' },
    });
    await t.app.inject({ method: 'GET', url: '/api/admin/ai-config', headers: admin.headers });
    expect(
      await send('PATCH', {
        url: '/ai-config',
        payload: { taskType: 'analytics', provider: 'google', model: 'gemini-1.5-pro' },
      } as Walk),
    ).toMatchObject({
      summary: 'Set analytics to google (gemini-1.5-pro)',
      targetId: 'analytics',
      before: { provider: 'openai', model: null },
      after: { provider: 'google', model: 'gemini-1.5-pro' },
    });
    const coupon = await newCoupon();
    const deleted = await send('DELETE', { url: `/coupons/${coupon}` } as Walk);
    expect(deleted).toMatchObject({ targetId: coupon, after: null });
    expect(deleted.before).toMatchObject({
      discountType: 'fixed',
      amount: 5,
      isActive: true,
      usageLimit: null,
    });
  });

  it('are written in the same transaction as the change: a failed audit write undoes the change', async () => {
    const id = await userWith(t, { email: 'atomic@example.com' });
    await t.db.execute(sql`create function refuse_audit() returns trigger language plpgsql
      as $$ begin raise exception 'audit store unavailable'; end $$`);
    await t.db.execute(sql`create trigger refuse_audit before insert on audit_log
      for each row execute function refuse_audit()`);
    try {
      const res = await call('PATCH', { url: `/users/${id}/ads`, payload: { adsDisabled: true } } as Walk);
      expect(res.statusCode).toBe(500);
    } finally {
      await t.db.execute(sql`drop trigger refuse_audit on audit_log`);
    }
    const [row] = await t.db.select({ adsDisabled: users.adsDisabled }).from(users).where(eq(users.id, id));
    expect(row.adsDisabled).toBe(false);
  });

  it('are not recorded for a change that was refused', async () => {
    const before = await lastAuditId();
    const dup = { code: 'ONCE', discountType: 'fixed', amount: 1, usageLimit: null, expiresAt: null };
    expect((await call('POST', { url: '/coupons', payload: dup } as Walk)).statusCode).toBe(201);
    expect((await call('POST', { url: '/coupons', payload: dup } as Walk)).statusCode).toBe(409);
    expect(
      (await call('PATCH', { url: '/users/nope/ads', payload: { adsDisabled: true } } as Walk)).statusCode,
    ).toBe(404);
    const plain = await registerUser(t.app);
    const other = await newUser();
    const refused = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${other}/ads`,
      headers: { authorization: `Bearer ${plain.token}` },
      payload: { adsDisabled: true },
    });
    expect(refused.statusCode).toBe(403);
    expect((await recordsAfter(before)).map((r) => r.action)).toEqual(['coupon.create']);
  });
});
