import { describe, expect, it } from 'vitest';
import { registerUser, bearer, sharedTestApp } from './harness';
import { sharedAdminSession, sharedUsers } from './fixtures';
import { seedLarge } from '../../src-server/seed/large';

// The console's Users list as one CSV download, streamed in batches: every user once, the cells quoted and
// neutralised, and operators only.
const t = sharedTestApp();
const admin = sharedAdminSession(t, 'ops-export@example.com');
sharedUsers(t, {
  formula: {
    email: 'formula@example.com',
    name: '=HYPERLINK("http://evil.test","click")',
    plan: 'premium',
    status: 'active',
    usage: [{ tokens: 1234, cost: 0.01, daysAgo: 1 }],
  },
});

const exportCsv = (query = '', headers = admin.headers) =>
  t.app.inject({ method: 'GET', url: `/api/admin/users/export${query}`, headers });
const lines = (body: string) => body.split('\r\n').filter(Boolean);

describe('GET /api/admin/users/export', () => {
  it('streams every user once as quoted CSV, with the console’s columns, across several batches', async () => {
    // 4,500 bulk accounts: more than two of the export's batches of 2,000.
    await seedLarge(t.db, { users: 4_500, events: 4_500, now: t.clock.now() });
    const res = await exportCsv();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="postkeeper-users.csv"');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const [header, ...rows] = lines(res.body);
    expect(header).toBe('"Email","Name","Plan","Subscription","Tokens (30d)","Storage (MB)","Ads","Created"');
    // The bulk accounts, the formula account and the operator.
    expect(rows).toHaveLength(4_502);
    const emails = rows.map((r) => r.slice(1, r.indexOf('"', 1)));
    expect(new Set(emails).size).toBe(4_502);
    expect(emails).toContain('bulk-4500@load.test');
    expect(emails).toContain('ops-export@example.com');
  });

  it('neutralises a cell a spreadsheet would run as a formula, and doubles quotes inside a cell', async () => {
    const row = lines((await exportCsv('?search=formula%40example.com')).body)[1];
    expect(row).toMatch(
      /^"formula@example\.com","'=HYPERLINK\(""http:\/\/evil\.test"",""click""\)","premium","active","1234","0","Enabled","\d{4}-\d\d-\d\dT[\d:.]+Z"$/,
    );
  });

  it('keeps to the list’s filters: plan, subscription status and search', async () => {
    const premium = lines((await exportCsv('?plan=premium&subscriptionStatus=active')).body).slice(1);
    expect(premium.length).toBeGreaterThan(1);
    expect(premium.every((r) => r.includes('"premium","active"'))).toBe(true);
    expect(lines((await exportCsv('?search=no-such-user-anywhere')).body)).toHaveLength(1);
    const bad = await exportCsv('?plan=gold');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: expect.stringContaining('plan') });
  });

  it('exports only the columns asked for, in the export’s order, and names a column it does not know', async () => {
    const res = await exportCsv('?search=formula%40example.com&fields=createdAt,email,tokens30d');
    const [header, row] = lines(res.body);
    expect(header).toBe('"Email","Tokens (30d)","Created"');
    expect(row).toMatch(/^"formula@example\.com","1234","\d{4}-\d\d-\d\dT[\d:.]+Z"$/);
    const bad = await exportCsv('?fields=email,passwordHash');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      message:
        'Cannot export the column "passwordHash". Columns: email, name, plan, subscriptionStatus, tokens30d, storageUsed, adsDisabled, createdAt.',
    });
  });

  it('answers 401 to anyone signed out and 403 to a customer, without a row', async () => {
    const anon = await t.app.inject({ method: 'GET', url: '/api/admin/users/export' });
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual({ message: 'Please sign in to continue.' });
    const { token } = await registerUser(t.app);
    const customer = await exportCsv('', bearer(token));
    expect(customer.statusCode).toBe(403);
    expect(customer.json()).toEqual({ message: 'Admin access required.' });
  });
});
