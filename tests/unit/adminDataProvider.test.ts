import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAdminDataProvider, USAGE_CONCURRENCY } from '../../src-admin/providers/dataProvider';
import { numberedUserRow } from '../component/fixtures';
import { RESOURCE_SPECS } from '../../src-admin/registry';

type Call = {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  headers: Record<string, string>;
};
type Handler = (call: Call) => Response | Promise<Response>;

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

let calls: Call[] = [];
/** A stand-in backend behind the global fetch: every call is recorded, then answered by `handler`. */
function backend(handler: Handler) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://test');
      const call: Call = {
        method: init.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body: init.body ? JSON.parse(String(init.body)) : undefined,
        headers: Object.fromEntries(new Headers(init.headers)),
      };
      calls.push(call);
      return handler(call);
    }),
  );
}

const user = (i: number, extra: Record<string, unknown> = {}) => ({
  ...numberedUserRow(i, { storageUsed: i * 1048576 }, i * 10),
  ...extra,
});

const provider = createAdminDataProvider({ style: 'simple-rest', specs: RESOURCE_SPECS });
const specBacked = createAdminDataProvider({ style: 'spec', specs: RESOURCE_SPECS });
const list = (
  resource: string,
  page: number,
  perPage: number,
  sort: { field: string; order: 'ASC' | 'DESC' },
  filter: Record<string, unknown> = {},
) => provider.getList(resource, { pagination: { page, perPage }, sort, filter });
const listFromSpec = (...args: Parameters<typeof list>) => {
  const [resource, page, perPage, sort, filter = {}] = args;
  return specBacked.getList(resource, { pagination: { page, perPage }, sort, filter });
};

afterEach(() => vi.unstubAllGlobals());

describe('against a backend that returns whole arrays (the spec’s)', () => {
  const users = Array.from({ length: 30 }, (_, i) => user(i + 1));

  it('asks for the whole array with no query and filters, sorts and cuts the page in the browser', async () => {
    backend(() => json({ users }));
    const res = await listFromSpec(
      'users',
      2,
      5,
      { field: 'createdAt', order: 'DESC' },
      { plan: 'premium', subscriptionStatus: 'active' },
    );
    expect(res.total).toBe(15);
    expect(res.data.map((u) => u.id)).toEqual(['u19', 'u17', 'u15', 'u13', 'u11']);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ path: '/api/admin/users', query: {} });
    // Only headers a backend allowing Authorization and Content-Type lets through its preflight.
    expect(Object.keys(calls[0].headers)).toEqual(['accept']);
  });

  it('searches email or name with q, case-insensitively', async () => {
    backend(() => json({ users }));
    const res = await listFromSpec('users', 1, 10, { field: 'email', order: 'ASC' }, { q: 'USER3' });
    expect(res.data.map((u) => u.email)).toEqual(['user3@example.com', 'user30@example.com']);
  });

  it('reads flagged users at their endpoint and filters them by reason category', async () => {
    const flagged = [
      user(1, { flaggedForAbuse: true, lastFlaggedReason: 'Storage: 7.00 GB stored' }),
      user(2, { flaggedForAbuse: true, lastFlaggedReason: 'Tokens: 2,000,000 tokens in 30 days' }),
    ];
    backend(() => json({ users: flagged }));
    const res = await listFromSpec('flagged', 1, 25, { field: 'email', order: 'ASC' }, { reason: 'Tokens' });
    expect(calls[0].path).toBe('/api/admin/users/flagged');
    expect(res.data.map((u) => u.email)).toEqual(['user2@example.com']);
  });

  it('finds one row or several for getOne and getMany', async () => {
    backend(() => json({ users }));
    expect((await specBacked.getOne('users', { id: 'u7' })).data.email).toBe('user7@example.com');
    const many = await specBacked.getMany('users', { ids: ['u3', 'u4'] });
    expect(many.data.map((u) => u.id)).toEqual(['u3', 'u4']);
    expect(calls.every((c) => c.path === '/api/admin/users')).toBe(true);
  });

  it('asks usage only for rows lacking tokens30d, a few at a time, and leaves failures empty', async () => {
    const rows = [user(1), ...Array.from({ length: 9 }, (_, i) => user(i + 2, { tokens30d: undefined }))];
    let inFlight = 0;
    let peak = 0;
    backend(async (call) => {
      if (call.path === '/api/admin/users') return json({ users: rows });
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setTimeout(r, 5));
      inFlight -= 1;
      if (call.path.endsWith('/u5')) return json({ message: 'gone' }, 404);
      return json({ usage: { aiTokens: { total: 42 } } });
    });
    const res = await listFromSpec('users', 1, 10, { field: 'email', order: 'ASC' });
    const byId = new Map(res.data.map((u) => [u.id, u.tokens30d]));
    expect(byId.get('u1')).toBe(10);
    expect(byId.get('u2')).toBe(42);
    expect(byId.get('u5')).toBeUndefined();
    expect(calls.filter((c) => c.query.days === '30')).toHaveLength(9);
    expect(peak).toBeLessThanOrEqual(USAGE_CONCURRENCY);
  });

  it('keys AI settings by task type', async () => {
    backend(() => json({ configs: [{ taskType: 'caption', provider: 'openai', model: null }] }));
    const res = await listFromSpec('ai-config', 1, 100, { field: 'taskType', order: 'ASC' });
    expect(res.data[0].id).toBe('caption');
  });

  it('shows the spec’s text when a list fails', async () => {
    backend(() => json({ message: 'boom' }, 500));
    await expect(listFromSpec('flagged', 1, 10, { field: 'email', order: 'ASC' })).rejects.toThrow(
      'Failed to load flagged users.',
    );
  });
});

describe('against our server’s simple-rest dialect', () => {
  it('reads the total from X-Total-Count, sends no Range header and asks nothing more when rows carry tokens30d', async () => {
    backend(() =>
      json(
        [
          { ...user(1), id: 'u1' },
          { ...user(2), id: 'u2' },
        ],
        200,
        { 'X-Total-Count': '100000' },
      ),
    );
    const res = await list('users', 26, 2, { field: 'email', order: 'ASC' }, { q: 'user' });
    expect(res.total).toBe(100000);
    expect(res.data.map((u) => u.id)).toEqual(['u1', 'u2']);
    expect(calls).toHaveLength(1);
    expect(calls[0].query).toEqual({ sort: '["email","ASC"]', range: '[50,51]', filter: '{"q":"user"}' });
    expect(Object.keys(calls[0].headers)).toEqual(['accept']);
  });

  it('reads, updates, creates and deletes coupons as a full resource', async () => {
    const coupon = { id: 'c1', code: 'SPRING', isActive: true };
    backend((call) => {
      if (call.method === 'POST') return json({ ...coupon, id: 'c9', code: 'NEW10' }, 201);
      if (call.method === 'PUT') return json({ ...coupon, isActive: false });
      return json(coupon);
    });
    expect((await provider.getOne('coupons', { id: 'c1' })).data.code).toBe('SPRING');
    const updated = await provider.update('coupons', {
      id: 'c1',
      data: { isActive: false, usageLimit: 10 },
      previousData: coupon,
    });
    expect(updated.data.isActive).toBe(false);
    // Activate/Deactivate alone is the spec's PATCH, which both backends answer.
    await provider.update('coupons', { id: 'c1', data: { isActive: true }, previousData: coupon });
    const data = { code: 'NEW10', discountType: 'percentage', amount: 10, usageLimit: null, expiresAt: null };
    expect((await provider.create('coupons', { data })).data.id).toBe('c9');
    await provider.delete('coupons', { id: 'c1', previousData: coupon });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api/admin/coupons/c1',
      'PUT /api/admin/coupons/c1',
      'PATCH /api/admin/coupons/c1',
      'POST /api/admin/coupons',
      'DELETE /api/admin/coupons/c1',
    ]);
    expect(calls[2].body).toEqual({ isActive: true });
    expect(calls[3].body).toEqual(data);
  });

  it('unwraps a created coupon the spec’s way ({message, coupon})', async () => {
    backend(() => json({ message: 'Coupon NEW10 created', coupon: { id: 'c9', code: 'NEW10' } }, 201));
    const res = await provider.create('coupons', { data: { code: 'NEW10' } });
    expect(res.data).toMatchObject({ id: 'c9', code: 'NEW10' });
  });

  it('sends a user’s changed field to its endpoint and shows why a downgrade was refused', async () => {
    backend((call) =>
      call.path.endsWith('/subscription')
        ? json({ message: 'The user has an active Stripe subscription; cancel it in Stripe first' }, 409)
        : json({}),
    );
    const prev = { id: 'u1', plan: 'premium', adsDisabled: false };
    await provider.update('users', { id: 'u1', data: { adsDisabled: true }, previousData: prev });
    await expect(
      provider.update('users', { id: 'u1', data: { plan: 'free' }, previousData: prev }),
    ).rejects.toThrow(
      'Failed to update user plan. The user has an active Stripe subscription; cancel it in Stripe first',
    );
    expect(calls.map((c) => `${c.method} ${c.path} ${JSON.stringify(c.body)}`)).toEqual([
      'PATCH /api/admin/users/u1/ads {"adsDisabled":true}',
      'PATCH /api/admin/users/u1/subscription {"plan":"free"}',
    ]);
  });

  it('keeps the spec’s text alone when the server fails without a reason', async () => {
    backend(() => json({ message: 'internal' }, 500));
    await expect(
      provider.update('users', {
        id: 'u1',
        data: { plan: 'free' },
        previousData: { id: 'u1', plan: 'premium' },
      }),
    ).rejects.toThrow(/^Failed to update user plan\.$/);
  });
});

describe('named methods', () => {
  it('call their endpoints with the bearer token', async () => {
    vi.stubGlobal('localStorage', { getItem: (k: string) => (k === 'authToken' ? 'tok' : null) });
    const auth: (string | null)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init: RequestInit = {}) => {
        auth.push(new Headers(init.headers).get('Authorization'));
        calls.push({
          method: init.method ?? 'GET',
          path: new URL(input, 'http://t').pathname,
          query: {},
          body: init.body ? JSON.parse(String(init.body)) : undefined,
          headers: {},
        });
        return json({ message: 'ok' });
      }),
    );
    calls = [];
    await provider.flag('u1', 'Storage: too much');
    await provider.unflag('u1');
    await provider.markSafe('u1');
    await provider.abuseHistory('u1');
    await provider.costSummary();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/admin/users/u1/flag',
      'POST /api/admin/users/u1/unflag',
      'PATCH /api/admin/users/u1/mark-safe',
      'GET /api/admin/users/u1/abuse-history',
      'GET /api/admin/cost-analysis/summary',
    ]);
    expect(calls[0].body).toEqual({ reason: 'Storage: too much' });
    expect(auth.every((a) => a === 'Bearer tok')).toBe(true);
  });

  it('hand back the abuse check’s answer, including one already running', async () => {
    backend(() => json({ message: 'An abuse check is already running.', started: false }, 202));
    expect(await provider.runAbuseCheck()).toEqual({
      message: 'An abuse check is already running.',
      started: false,
    });
  });

  it('read bodies bare or wrapped, and fail with the spec’s texts', async () => {
    const stats = { totalCoupons: 3, activeCoupons: 1, expiredCoupons: 1, totalUsages: 2 };
    backend(() => json({ stats }));
    expect(await provider.couponStats()).toEqual(stats);
    backend(() => json(stats));
    expect(await provider.couponStats()).toEqual(stats);
    backend(() => json({ history: { email: 'a@b.c', history: [] } }));
    expect((await provider.abuseHistory('u1')).email).toBe('a@b.c');
    backend(() => json({}, 500));
    await expect(provider.overview()).rejects.toThrow('Failed to load overview data.');
    await expect(provider.runAbuseCheck()).rejects.toThrow('Failed to trigger abuse check.');
    await expect(provider.markSafe('u1')).rejects.toThrow('Failed to mark user as safe.');
  });
});
