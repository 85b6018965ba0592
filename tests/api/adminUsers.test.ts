import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bearer, registerUser, sharedTestApp } from './harness';
import { GB, OPS, emailsOf, sharedAdminSession, sharedUsers, userBy } from './fixtures';
import { users } from '../../src-server/db/schema';

const t = sharedTestApp();
const admin = sharedAdminSession(t, 'ops@example.com');
const ids = sharedUsers(t, {
  alice: {
    email: 'alice@example.com',
    name: 'Alice Archer',
    plan: 'premium',
    status: 'active',
    storageUsed: 3 * GB,
    createdDaysAgo: 3,
    usage: [
      { tokens: 1000, cost: 0.01, daysAgo: 1 },
      { tokens: 500, cost: 0.005, daysAgo: 29 },
      { tokens: 9999, cost: 1, daysAgo: 31 },
    ],
  },
  bob: {
    email: 'bob@example.com',
    name: 'Bob Baker',
    plan: 'free',
    createdDaysAgo: 2,
    usage: [{ tokens: 300, cost: 0.001, daysAgo: 0 }],
  },
  cara: {
    email: 'cara@sample.org',
    name: 'Cara 100% Real_Name',
    plan: 'premium',
    status: 'trialing',
    createdDaysAgo: 1,
  },
  dan: {
    email: 'dan@sample.org',
    name: 'Dan Dunn',
    plan: 'free',
    status: 'canceled',
    createdDaysAgo: 5,
  },
});

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: admin.headers });
const patchUser = (id: string, field: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/admin/users/${id}/${field}`, headers: admin.headers, payload });

describe('GET /admin/overview', () => {
  it('counts users, today’s sign-ins, 30-day tokens and storage in GB', async () => {
    const res = await get('/api/admin/overview');
    expect(res.statusCode).toBe(200);
    const { overview } = res.json();
    expect(overview).toMatchObject({
      totalUsers: 5,
      activeUsersToday: 1,
      totalTokenUsage: 1800,
      totalStorageUsedGB: 3,
    });
    expect(overview.usersByPlan).toEqual(
      expect.arrayContaining([{ plan: 'premium', status: 'active', count: 1 }]),
    );
    expect(overview.dailyUsage.reduce((s: number, d: { tokens: number }) => s + d.tokens, 0)).toBe(1800);
  });

  it('charts every day of the 30-day window, oldest first and ending today, a day without usage as zero', async () => {
    const { overview } = (await get('/api/admin/overview')).json();
    const daysAgo = (n: number) =>
      new Date(t.clock.now().getTime() - n * 86_400_000).toISOString().slice(0, 10);
    const days = Array.from({ length: 30 }, (_, i) => daysAgo(29 - i));
    expect(overview.dailyUsage.map((d: { day: string }) => d.day)).toEqual(days);
    const tokensOn = (n: number) =>
      overview.dailyUsage.find((d: { day: string }) => d.day === daysAgo(n)).tokens;
    expect([tokensOn(0), tokensOn(1), tokensOn(29)]).toEqual([300, 1000, 500]);
    expect(
      overview.dailyUsage.filter((d: { tokens: number; cost: number }) => d.tokens === 0 && d.cost === 0),
    ).toHaveLength(27);
  });
});

describe('GET /admin/users', () => {
  it('returns every user with the profile fields and tokens30d, newest first, without paging params', async () => {
    const res = await get('/api/admin/users');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBeUndefined();
    const list = res.json().users;
    expect(list).toHaveLength(5);
    const alice = list.find((u: { email: string }) => u.email === 'alice@example.com');
    expect(alice).toMatchObject({
      _id: ids.alice,
      name: 'Alice Archer',
      plan: 'premium',
      subscriptionStatus: 'active',
      tokens30d: 1500,
      storageUsed: 3 * GB,
      adsDisabled: false,
    });
    expect(Object.keys(alice)).not.toContain('passwordHash');
  });

  it.each([
    ['plan=premium', ['alice@example.com', 'cara@sample.org']],
    ['subscriptionStatus=trialing', ['cara@sample.org']],
    ['search=SAMPLE.org', ['cara@sample.org', 'dan@sample.org']],
    ['search=baker', ['bob@example.com']],
    ['search=100%25', ['cara@sample.org']],
    ['search=a_e', []], // an underscore is literal, not ILIKE's one-character wildcard (which would match Baker)
    ['plan=free&search=dan', ['dan@sample.org']],
  ])('filters with %s', async (query, emails) => {
    const res = await get(`/api/admin/users?${query}`);
    expect(
      res
        .json()
        .users.map((u: { email: string }) => u.email)
        .sort(),
    ).toEqual(emails.sort());
  });

  it('pages and sorts on the server and sends the total in X-Total-Count', async () => {
    const page1 = await get('/api/admin/users?page=1&perPage=2&sort=email&order=ASC');
    expect(page1.headers['x-total-count']).toBe('5');
    expect(emailsOf(page1)).toEqual(['alice@example.com', 'bob@example.com']);
    const page3 = await get('/api/admin/users?page=3&perPage=2&sort=email&order=ASC');
    expect(emailsOf(page3)).toEqual(['ops@example.com']);
    const byTokens = await get('/api/admin/users?page=1&perPage=1&sort=tokens30d&order=DESC');
    expect(byTokens.json().users[0].email).toBe('alice@example.com');
    const searched = await get(
      '/api/admin/users?page=1&perPage=2&sort=tokens30d&order=ASC&search=example.com',
    );
    expect(searched.headers['x-total-count']).toBe('3');
    expect(
      searched.json().users.map((u: { email: string; tokens30d: number }) => [u.email, u.tokens30d]),
    ).toEqual([
      ['ops@example.com', 0],
      ['bob@example.com', 300],
    ]);
  });

  it('pages a search in any sort order, with the number of matches as the total', async () => {
    const searched = (query: string) => get(`/api/admin/users?search=example.com&perPage=2&${query}`);
    const byEmail = await searched('page=1&sort=email&order=DESC');
    expect(byEmail.headers['x-total-count']).toBe('3');
    expect(emailsOf(byEmail)).toEqual(['ops@example.com', 'bob@example.com']);
    expect(emailsOf(await searched('page=2&sort=email&order=DESC'))).toEqual(['alice@example.com']);
    const byStatus = await searched('page=1&sort=subscriptionStatus&order=ASC');
    expect(byStatus.json().users[0]).toMatchObject({
      email: 'alice@example.com',
      subscriptionStatus: 'active',
    });
    const all = [ids.alice, ids.bob, (await userBy(t, OPS)).id].sort();
    const byId = [
      ...(await searched('page=1&sort=id&order=ASC')).json().users,
      ...(await searched('page=2&sort=id&order=ASC')).json().users,
    ].map((u: { _id: string }) => u._id);
    expect(byId).toEqual(all);
  });

  it('rejects a bad filter value with a message naming it', async () => {
    const res = await get('/api/admin/users?plan=gold');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^plan: /);
  });
});

describe('GET /admin/users/{id}?days=30', () => {
  it('totals the AI tokens inside the window only', async () => {
    const res = await get(`/api/admin/users/${ids.alice}?days=30`);
    expect(res.statusCode).toBe(200);
    expect(res.json().usage.aiTokens.total).toBe(1500);
    expect((await get(`/api/admin/users/${ids.alice}?days=60`)).json().usage.aiTokens.total).toBe(11499);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await get(`/api/admin/users/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'User not found' });
    }
  });
});

describe('writes', () => {
  it('toggles ads for a user', async () => {
    const res = await patchUser(ids.bob, 'ads', { adsDisabled: true });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, ids.bob));
    expect(row.adsDisabled).toBe(true);
    const bad = await patchUser(ids.bob, 'ads', { adsDisabled: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('adsDisabled must be true or false');
  });

  it('changes a plan and the storage limit that goes with it', async () => {
    const res = await patchUser(ids.bob, 'subscription', { plan: 'premium' });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, ids.bob));
    expect(row).toMatchObject({ plan: 'premium', storageLimit: 10 * GB });
    const missing = await patchUser('00000000-0000-4000-8000-000000000000', 'subscription', { plan: 'free' });
    expect(missing.statusCode).toBe(404);
  });
});

describe('the admin guard on every admin route', () => {
  it.each([
    ['GET', '/api/admin/users'],
    ['GET', '/api/admin/coupons'],
    ['POST', '/api/admin/abuse/check'],
    ['PATCH', '/api/admin/ai-config'],
    ['GET', '/api/admin/users/suspicious'],
  ])('%s %s: 401 without a session, 403 for a regular user', async (method, url) => {
    const anon = await t.app.inject({ method: method as 'GET', url });
    expect(anon.statusCode).toBe(401);
    const { token } = await registerUser(t.app);
    const user = await t.app.inject({ method: method as 'GET', url, headers: bearer(token) });
    expect(user.statusCode).toBe(403);
    expect(user.json()).toEqual({ message: 'Admin access required.' });
  });
});
