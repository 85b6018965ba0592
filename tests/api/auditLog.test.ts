import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { bearer, registerUser, openApiDoc, sharedTestApp } from './harness';
import { userWith, listAnswer, sharedAdminSession } from './fixtures';
import { auditLog } from '../../src-server/db/schema';
import { DAY_MS, ManualClock } from '../../src-server/clock';
import { runJobOnce } from '../../src-server/jobs/jobRunner';
import { pruneAuditLog } from '../../src-server/admin/auditRetention';
import { loadConfig } from '../../src-server/config';

const START = new Date('2026-02-01T09:00:00Z');
const t = sharedTestApp({}, { clock: new ManualClock(START) });
const ana = sharedAdminSession(t, 'ana@example.com');
const ben = sharedAdminSession(t, 'ben@example.com');
const ids: Record<string, string> = {};

/** Changes by two operators over three days: the log's contents are known exactly. */
beforeAll(async () => {
  ids.u1 = await userWith(t, { email: 'first@example.com' });
  ids.u2 = await userWith(t, { email: 'second@example.com' });
  await write(ana, 'PATCH', `/users/${ids.u1}/ads`, { adsDisabled: true });
  t.clock.advance(DAY_MS);
  await write(ben, 'POST', `/users/${ids.u1}/flag`, { reason: 'Spam' });
  await write(ana, 'PATCH', `/users/${ids.u2}/ads`, { adsDisabled: true });
  t.clock.advance(DAY_MS);
  await write(ben, 'PATCH', '/ai-config', { taskType: 'search', provider: 'google' });
});

async function write(
  who: { headers: Record<string, string> },
  method: string,
  url: string,
  payload?: object,
) {
  const res = await t.app.inject({
    method: method as 'POST',
    url: `/api/admin${url}`,
    headers: who.headers,
    payload,
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
}
const get = (query: string, headers = ana.headers) =>
  t.app.inject({ method: 'GET', url: `/api/admin/audit-log${query}`, headers });
const listed = async (query: string) => {
  const { total, rows } = listAnswer<{ action: string; actor: string }>(await get(query), 'entries');
  return { total, actions: rows.map((e) => `${e.actor} ${e.action}`) };
};

describe('GET /api/admin/audit-log', () => {
  it('lists entries newest first with every field, and the total in X-Total-Count', async () => {
    const { total, rows: entries } = listAnswer<{ action: string }>(await get(''), 'entries');
    expect(total).toBe(4);
    expect(entries.map((e) => e.action)).toEqual(['ai-config.update', 'user.ads', 'user.flag', 'user.ads']);
    expect(entries[3]).toEqual({
      id: expect.any(Number),
      at: START.toISOString(),
      actor: 'ana@example.com',
      action: 'user.ads',
      targetType: 'user',
      targetId: ids.u1,
      summary: 'Disabled ads for first@example.com',
      before: { adsDisabled: false },
      after: { adsDisabled: true },
    });
  });

  it('filters by actor, action, target and date, and pages', async () => {
    expect(await listed('?actor=ben@example.com')).toEqual({
      total: 2,
      actions: ['ben@example.com ai-config.update', 'ben@example.com user.flag'],
    });
    expect((await listed('?actor=%20ANA@Example.com%20')).total).toBe(2);
    expect((await listed('?action=user.ads')).actions).toEqual([
      'ana@example.com user.ads',
      'ana@example.com user.ads',
    ]);
    expect((await listed(`?targetId=${ids.u1}`)).actions).toEqual([
      'ben@example.com user.flag',
      'ana@example.com user.ads',
    ]);
    expect((await listed('?targetType=ai-config')).total).toBe(1);
    expect((await listed('?actor=ana@example.com&action=user.flag')).total).toBe(0);
    // A day means the whole day (UTC); an instant is exact.
    expect((await listed('?from=2026-02-02&to=2026-02-02')).total).toBe(2);
    expect((await listed('?from=2026-02-02')).total).toBe(3);
    expect((await listed('?to=2026-02-01')).total).toBe(1);
    expect((await listed(`?to=${encodeURIComponent(START.toISOString())}`)).total).toBe(1);
    expect((await listed('?from=2026-02-02T09:00:00.001Z')).total).toBe(1);
    expect(await listed('?page=2&perPage=3')).toEqual({ total: 4, actions: ['ana@example.com user.ads'] });
    expect((await listed('?sort=actor&order=ASC')).actions[0]).toMatch(/^ana@/);
  });

  it.each([
    ['action=user.delete', /^action must be one of: user\.ads, /],
    [
      'sort=constructor',
      'Cannot sort by "constructor". Sort by one of: at, id, actor, action, targetType, targetId.',
    ],
    ['from=yesterday', /must be a date \(YYYY-MM-DD\) or an ISO date-time/],
    ['to=2026-13-45', /must be a date/],
    ['actor=a%00b', 'actor must not contain NUL characters'],
    [`targetId=${'x'.repeat(101)}`, 'targetId must be at most 100 characters long'],
    ['perPage=501', /perPage/],
  ])('refuses %s with a 400 message', async (query, message) => {
    const res = await get(`?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  it('is for operators only: 401 without a session, 403 for a user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit-log' })).statusCode).toBe(401);
    const user = await registerUser(t.app);
    const res = await get('', bearer(user.token));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Admin access required.' });
  });

  it('shows in the OpenAPI document, as do the inbox and revoke-sessions routes', async () => {
    const paths = (await openApiDoc(t.app)).paths;
    expect(Object.keys(paths['/api/admin/audit-log'])).toEqual(['get']);
    expect(paths['/api/admin/messages'].get).toBeDefined();
    expect(paths['/api/admin/messages/{id}'].patch).toBeDefined();
    expect(paths['/api/admin/messages/{id}/screenshot'].get).toBeDefined();
    expect(paths['/api/admin/users/{id}/revoke-sessions'].post).toBeDefined();
    // The paged lists say how paging works, once.
    expect(paths['/api/admin/messages'].get.description).toMatch(/^Always one page .* X-Total-Count/);
    expect(paths['/api/admin/users'].get.description.split('Without page').length).toBe(2);
    expect(Object.keys(paths['/api/admin/messages/{id}/screenshot'].get.responses[200].content)).toEqual([
      'image/png',
      'image/jpeg',
    ]);
  });
});

describe('append-only', () => {
  it('has no route that changes or deletes entries', async () => {
    const before = await t.db.select().from(auditLog);
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'] as const) {
      for (const url of ['/api/admin/audit-log', `/api/admin/audit-log/${before[0].id}`]) {
        const res = await t.app.inject({
          method,
          url,
          headers: ana.headers,
          payload: { summary: 'nothing happened' },
        });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json().message).toBe(`Not found: ${method} ${url}`);
      }
    }
    expect(await t.db.select().from(auditLog)).toEqual(before);
  });

  it('refuses an UPDATE even from inside the server', async () => {
    await expect(t.db.execute(sql`update audit_log set actor = 'someone-else'`)).rejects.toThrow();
    expect((await t.db.select().from(auditLog)).every((e) => e.actor.endsWith('@example.com'))).toBe(true);
  });
});

describe('retention', () => {
  it('defaults to 365 days and takes AUDIT_RETENTION_DAYS from the environment', () => {
    expect(loadConfig({}).AUDIT_RETENTION_DAYS).toBe(365);
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '30' }).AUDIT_RETENTION_DAYS).toBe(30);
    expect(() => loadConfig({ AUDIT_RETENTION_DAYS: 'forever' })).toThrow(/AUDIT_RETENTION_DAYS/);
  });

  it('the audit-retention job deletes entries older than the retention period and keeps the rest', async () => {
    // Now START + 2 days; the oldest entry is from START. 364 days later everything is still kept.
    t.clock.set(new Date(START.getTime() + 364 * DAY_MS));
    expect(await runJobOnce(t.app.ctx, 'audit-retention')).toEqual({ name: 'audit-retention', ran: true });
    expect(await t.db.select().from(auditLog)).toHaveLength(4);

    t.clock.set(new Date(START.getTime() + 366 * DAY_MS));
    expect(await runJobOnce(t.app.ctx, 'audit-retention')).toEqual({ name: 'audit-retention', ran: true });
    const left = await t.db.select().from(auditLog);
    expect(left.map((e) => e.action).sort()).toEqual(['ai-config.update', 'user.ads', 'user.flag']);
    expect(left.every((e) => e.at.getTime() >= START.getTime() + DAY_MS)).toBe(true);
  });

  it('follows a shorter setting', async () => {
    const ctx = { ...t.app.ctx, config: { ...t.app.ctx.config, AUDIT_RETENTION_DAYS: 364 } };
    expect(await pruneAuditLog(ctx)).toBe(2);
    expect((await t.db.select().from(auditLog)).map((e) => e.action)).toEqual(['ai-config.update']);
  });
});
