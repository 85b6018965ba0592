import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dataProvider, USAGE_CONCURRENCY } from '../../src-admin/providers/dataProvider';

type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

let calls: { method: string; path: string; query: Record<string, string>; body: unknown }[];
function backend(handler: Handler) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://test');
      calls.push({
        method: init.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      });
      return handler(url, init);
    }),
  );
}

function user(i: number, extra: Record<string, unknown> = {}) {
  return {
    _id: `u${i}`,
    email: `user${i}@example.com`,
    name: `User ${i}`,
    displayName: `User ${i}`,
    plan: i % 2 ? 'premium' : 'free',
    subscriptionStatus: i % 2 ? 'active' : null,
    role: 'user',
    emailVerified: true,
    adsDisabled: false,
    storageUsed: i * 1048576,
    storageLimit: 1073741824,
    createdAt: new Date(Date.UTC(2026, 0, i)).toISOString(),
    flaggedForAbuse: false,
    lastFlaggedReason: null,
    flaggedAt: null,
    ...extra,
  };
}

const list = (
  resource: string,
  page = 1,
  perPage = 10,
  sort: { field: string; order: 'ASC' | 'DESC' } = { field: 'createdAt', order: 'DESC' },
  filter: Record<string, unknown> = {},
) => dataProvider.getList(resource, { pagination: { page, perPage }, sort, filter });

beforeEach(() => vi.restoreAllMocks());
afterEach(() => vi.unstubAllGlobals());

describe('getList against a backend that returns whole arrays (the spec’s)', () => {
  const users = Array.from({ length: 30 }, (_, i) => user(i + 1, { tokens30d: i * 10 }));
  beforeEach(() => backend(() => json({ users })));

  it('filters by plan and status, sorts and cuts the page in the browser', async () => {
    const res = await list(
      'users',
      2,
      5,
      { field: 'createdAt', order: 'DESC' },
      { plan: 'premium', subscriptionStatus: 'active' },
    );
    expect(res.total).toBe(15);
    expect(res.data.map((u) => u.id)).toEqual(['u19', 'u17', 'u15', 'u13', 'u11']);
    expect(calls[0].path).toBe('/api/admin/users');
    expect(calls[0].query).toMatchObject({
      plan: 'premium',
      subscriptionStatus: 'active',
      page: '2',
      perPage: '5',
    });
  });

  it('searches email or name, case-insensitively', async () => {
    const res = await list('users', 1, 10, { field: 'email', order: 'ASC' }, { search: 'USER3' });
    expect(res.data.map((u) => u.email)).toEqual(['user3@example.com', 'user30@example.com']);
    expect(calls[0].query.search).toBe('USER3');
  });

  it('keeps the id react-admin needs from _id', async () => {
    const res = await list('users', 1, 1);
    expect(res.data[0]).toMatchObject({ id: 'u30', _id: 'u30' });
  });
});

describe('getList against our backend, which pages (X-Total-Count)', () => {
  it('passes page, perPage, sort and order through and trusts the total', async () => {
    backend(() =>
      json([user(1, { tokens30d: 5 }), user(2, { tokens30d: 6 })], 200, { 'X-Total-Count': '100000' }),
    );
    const res = await list('users', 3, 2, { field: 'email', order: 'ASC' }, { plan: 'free' });
    expect(res.total).toBe(100000);
    expect(res.data.map((u) => u.id)).toEqual(['u1', 'u2']);
    expect(calls).toHaveLength(1);
    expect(calls[0].query).toEqual({ plan: 'free', page: '3', perPage: '2', sort: 'email', order: 'ASC' });
  });
});

describe('per-user usage', () => {
  it('is fetched only for rows lacking tokens30d, at most a few at a time', async () => {
    const rows = [user(1, { tokens30d: 7 }), ...Array.from({ length: 9 }, (_, i) => user(i + 2))];
    let inFlight = 0;
    let peak = 0;
    backend(async (url) => {
      if (url.pathname === '/api/admin/users') return json({ users: rows });
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setTimeout(r, 5));
      inFlight -= 1;
      const id = url.pathname.split('/').pop();
      return json({ usage: { aiTokens: { total: id === 'u3' ? 333 : 1 } } });
    });
    const res = await list('users', 1, 10, { field: 'email', order: 'ASC' });
    const usageCalls = calls.filter((c) => c.path !== '/api/admin/users');
    expect(usageCalls).toHaveLength(9);
    expect(usageCalls.every((c) => c.query.days === '30')).toBe(true);
    expect(usageCalls.some((c) => c.path.endsWith('/u1'))).toBe(false);
    expect(peak).toBeLessThanOrEqual(USAGE_CONCURRENCY);
    expect(res.data.find((u) => u.id === 'u3')?.tokens30d).toBe(333);
    expect(res.data.find((u) => u.id === 'u1')?.tokens30d).toBe(7);
  });

  it('leaves the cell empty when a usage call fails', async () => {
    backend((url) =>
      url.pathname === '/api/admin/users' ? json({ users: [user(1)] }) : json({ message: 'x' }, 500),
    );
    const res = await list('users');
    expect(res.data[0].tokens30d).toBeUndefined();
  });
});

describe('list failures carry docs/product.md#console-texts texts', () => {
  it.each([
    ['users', 'Failed to load users.'],
    ['coupons', 'Failed to load coupons.'],
    ['flagged', 'Failed to load flagged users.'],
    ['ai-config', 'Failed to load AI configurations.'],
    ['suspicious', 'Failed to load suspicious users.'],
  ])('%s', async (resource, text) => {
    backend(() => json({ message: 'boom' }, 500));
    await expect(list(resource)).rejects.toMatchObject({ message: text, status: 500 });
  });
});

describe('coupons', () => {
  const coupons = [
    {
      id: 'c1',
      code: 'SPRING',
      isActive: true,
      isExpired: false,
      usageLimit: null,
      usedCount: 0,
      createdAt: '2026-01-01',
    },
    {
      id: 'c2',
      code: 'OLD',
      isActive: true,
      isExpired: true,
      usageLimit: 5,
      usedCount: 1,
      createdAt: '2026-01-02',
    },
    {
      id: 'c3',
      code: 'SPRINGX',
      isActive: false,
      isExpired: false,
      usageLimit: 5,
      usedCount: 1,
      createdAt: '2026-01-03',
    },
  ];
  it('filters by status and code in the browser', async () => {
    backend(() => json({ coupons }));
    expect(
      (await list('coupons', 1, 10, { field: 'code', order: 'ASC' }, { status: 'active' })).data.map(
        (c) => c.id,
      ),
    ).toEqual(['c1']);
    expect(
      (await list('coupons', 1, 10, { field: 'code', order: 'ASC' }, { status: 'expired' })).data.map(
        (c) => c.id,
      ),
    ).toEqual(['c2']);
    expect(
      (await list('coupons', 1, 10, { field: 'code', order: 'ASC' }, { search: 'spring' })).data.map(
        (c) => c.id,
      ),
    ).toEqual(['c1', 'c3']);
  });

  it('creates with the body as given and prefers the server message on failure', async () => {
    backend(() => json({ coupon: { ...coupons[0], id: 'c9', code: 'NEW10' } }, 201));
    const data = {
      code: 'NEW10',
      discountType: 'percentage' as const,
      amount: 10,
      usageLimit: null,
      expiresAt: null,
    };
    const res = await dataProvider.create('coupons', { data });
    expect(res.data.id).toBe('c9');
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/admin/coupons', body: data });
    backend(() => json({ message: 'A coupon with this code already exists' }, 409));
    await expect(dataProvider.create('coupons', { data })).rejects.toThrow(
      'A coupon with this code already exists',
    );
    backend(() => new Response('nope', { status: 500 }));
    await expect(dataProvider.create('coupons', { data })).rejects.toThrow('Failed to create coupon');
  });

  it('activates/deactivates with PATCH isActive and deletes with DELETE', async () => {
    backend(() => json({}));
    await dataProvider.update('coupons', { id: 'c1', data: { isActive: false }, previousData: coupons[0] });
    await dataProvider.delete('coupons', { id: 'c1' });
    await dataProvider.updateMany('coupons', { ids: ['c1', 'c2'], data: { isActive: true } });
    await dataProvider.deleteMany('coupons', { ids: ['c2', 'c3'] });
    expect(calls.map((c) => `${c.method} ${c.path} ${JSON.stringify(c.body ?? null)}`)).toEqual([
      'PATCH /api/admin/coupons/c1 {"isActive":false}',
      'DELETE /api/admin/coupons/c1 null',
      'PATCH /api/admin/coupons/c1 {"isActive":true}',
      'PATCH /api/admin/coupons/c2 {"isActive":true}',
      'DELETE /api/admin/coupons/c2 null',
      'DELETE /api/admin/coupons/c3 null',
    ]);
  });

  it('maps update and delete failures to the spec texts', async () => {
    backend(() => json({ message: 'x' }, 500));
    await expect(dataProvider.update('coupons', { id: 'c1', data: { isActive: true } })).rejects.toThrow(
      'Failed to update coupon.',
    );
    await expect(dataProvider.delete('coupons', { id: 'c1' })).rejects.toThrow('Failed to delete coupon.');
  });

  it('getCouponStats reads bare or wrapped stats', async () => {
    const stats = { totalCoupons: 3, activeCoupons: 1, expiredCoupons: 1, totalUsages: 2 };
    backend(() => json({ stats }));
    expect(await dataProvider.getCouponStats()).toEqual(stats);
    backend(() => json(stats));
    expect(await dataProvider.getCouponStats()).toEqual(stats);
    backend(() => json({}, 500));
    await expect(dataProvider.getCouponStats()).rejects.toThrow('Failed to load coupon stats.');
  });
});

describe('users update', () => {
  it('sends only the changed field to its endpoint', async () => {
    backend(() => json({}));
    const prev = { id: 'u1', plan: 'free', adsDisabled: false };
    await dataProvider.update('users', { id: 'u1', data: { adsDisabled: true }, previousData: prev });
    await dataProvider.update('users', { id: 'u1', data: { plan: 'premium' }, previousData: prev });
    expect(calls.map((c) => `${c.method} ${c.path} ${JSON.stringify(c.body)}`)).toEqual([
      'PATCH /api/admin/users/u1/ads {"adsDisabled":true}',
      'PATCH /api/admin/users/u1/subscription {"plan":"premium"}',
    ]);
  });

  it('bulk-updates every selected user', async () => {
    backend(() => json({}));
    const res = await dataProvider.updateMany('users', { ids: ['u1', 'u2'], data: { plan: 'free' } });
    expect(res.data).toEqual(['u1', 'u2']);
    expect(calls.map((c) => c.path)).toEqual([
      '/api/admin/users/u1/subscription',
      '/api/admin/users/u2/subscription',
    ]);
  });

  it('maps failures to the spec texts', async () => {
    backend(() => json({}, 500));
    await expect(
      dataProvider.update('users', {
        id: 'u1',
        data: { adsDisabled: true },
        previousData: { adsDisabled: false },
      }),
    ).rejects.toThrow('Failed to update ads setting.');
    await expect(
      dataProvider.update('users', { id: 'u1', data: { plan: 'premium' }, previousData: { plan: 'free' } }),
    ).rejects.toThrow('Failed to update user plan.');
  });
});

describe('named methods', () => {
  const cases: [string, () => Promise<unknown>, string, string, unknown, string][] = [
    [
      'flag',
      () => dataProvider.flag('u1', 'Excessive storage: 12 GB'),
      'POST',
      '/api/admin/users/u1/flag',
      { reason: 'Excessive storage: 12 GB' },
      'Failed to flag user.',
    ],
    [
      'unflag',
      () => dataProvider.unflag('u1'),
      'POST',
      '/api/admin/users/u1/unflag',
      undefined,
      'Failed to unflag user.',
    ],
    [
      'runAbuseCheck',
      () => dataProvider.runAbuseCheck(),
      'POST',
      '/api/admin/abuse/check',
      undefined,
      'Failed to trigger abuse check.',
    ],
    [
      'getAbuseHistory',
      () => dataProvider.getAbuseHistory('u1'),
      'GET',
      '/api/admin/users/u1/abuse-history',
      undefined,
      'Failed to load user details.',
    ],
    [
      'getAbuseStats',
      () => dataProvider.getAbuseStats(),
      'GET',
      '/api/admin/abuse/stats',
      undefined,
      'Failed to load flagged users.',
    ],
    [
      'getOverview',
      () => dataProvider.getOverview(),
      'GET',
      '/api/admin/overview',
      undefined,
      'Failed to load overview data.',
    ],
    [
      'getProviders',
      () => dataProvider.getProviders(),
      'GET',
      '/api/admin/ai-config/providers',
      undefined,
      'Failed to load provider information.',
    ],
    [
      'resetAiConfig',
      () => dataProvider.resetAiConfig(),
      'POST',
      '/api/admin/ai-config/reset',
      undefined,
      'Failed to reset configurations.',
    ],
    [
      'markSafe',
      () => dataProvider.markSafe('u1'),
      'PATCH',
      '/api/admin/users/u1/mark-safe',
      undefined,
      'Failed to mark user as safe.',
    ],
    [
      'getCostSummary',
      () => dataProvider.getCostSummary(),
      'GET',
      '/api/admin/cost-analysis/summary',
      undefined,
      'Failed to load suspicious users.',
    ],
  ];

  it.each(cases)('%s calls its endpoint', async (_name, run, method, path, body) => {
    backend(() => json({ message: 'ok' }));
    await run();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method, path, body });
  });

  it.each(cases)('%s fails with the spec text', async (_name, run, _m, _p, _b, text) => {
    backend(() => json({ message: 'server detail' }, 500));
    await expect(run()).rejects.toThrow(text);
  });

  it('getAbuseHistory reads a bare or a wrapped history', async () => {
    const history = {
      email: 'a@x',
      userId: 'u1',
      currentViolations: [],
      history: [{ action: 'flag', reason: null, at: 'x', by: 'y' }],
    };
    backend(() => json(history));
    expect(await dataProvider.getAbuseHistory('u1')).toEqual(history);
    backend(() => json({ history }));
    expect(await dataProvider.getAbuseHistory('u1')).toEqual(history);
  });

  it('getOverview returns the overview body', async () => {
    const overview = { totalUsers: 5, activeUsersToday: 2, totalTokenUsage: 900, totalStorageUsedGB: 1.5 };
    backend(() => json(overview));
    expect(await dataProvider.getOverview()).toEqual(overview);
    backend(() => json({ overview }));
    expect(await dataProvider.getOverview()).toEqual(overview);
  });

  it('resetAiConfig returns the configs and message', async () => {
    backend(() =>
      json({
        configs: [{ taskType: 'tagging', provider: 'openai', model: null, updatedAt: 'x' }],
        message: 'Reset',
      }),
    );
    expect(await dataProvider.resetAiConfig()).toEqual({
      configs: [{ taskType: 'tagging', provider: 'openai', model: null, updatedAt: 'x' }],
      message: 'Reset',
    });
  });
});

describe('ai-config and suspicious', () => {
  it('updates a task with PATCH /admin/ai-config and an empty model as null', async () => {
    backend(() => json({ message: 'Updated', config: { updatedAt: '2026-11-22T10:00:00Z' } }));
    const res = await dataProvider.update('ai-config', {
      id: 'tagging',
      data: { provider: 'anthropic', model: '' },
    });
    expect(calls[0]).toMatchObject({
      method: 'PATCH',
      path: '/api/admin/ai-config',
      body: { taskType: 'tagging', provider: 'anthropic', model: null },
    });
    expect(res.data).toMatchObject({ id: 'tagging', updatedAt: '2026-11-22T10:00:00Z' });
    backend(() => json({}, 400));
    await expect(
      dataProvider.update('ai-config', { id: 'tagging', data: { provider: 'x' } }),
    ).rejects.toThrow('Failed to update configuration.');
  });

  it('keys ai-config rows by task type', async () => {
    backend(() =>
      json({ configs: [{ taskType: 'tagging', provider: 'openai', model: null, updatedAt: 'x' }] }),
    );
    expect((await list('ai-config')).data[0].id).toBe('tagging');
  });

  it('hands the suspicious statistics to the list as meta', async () => {
    const statistics = {
      totalUsers: 2,
      flaggedUsers: 1,
      averageEstimatedCost: 0.5,
      totalEstimatedCost: 1,
      thresholds: { TOKENS_30D: 1, STORAGE_GB: 2, COST_DOLLAR: 3 },
    };
    const users = [
      { _id: 'a', email: 'a@x', estimatedCost: 0.2, flaggedForAbuse: false },
      { _id: 'b', email: 'b@x', estimatedCost: 1.2, flaggedForAbuse: true },
    ];
    backend(() => json({ users, statistics }));
    const res = await list('suspicious', 1, 10, { field: 'estimatedCost', order: 'DESC' });
    expect(res.meta).toEqual({ statistics });
    expect(res.data.map((u) => u.id)).toEqual(['b', 'a']);
  });

  it('reads the flagged list and finds one row for getOne/getMany', async () => {
    backend(() => json({ users: [user(1, { flaggedForAbuse: true }), user(2, { flaggedForAbuse: true })] }));
    expect((await dataProvider.getOne('flagged', { id: 'u2' })).data.email).toBe('user2@example.com');
    expect((await dataProvider.getMany('flagged', { ids: ['u1'] })).data).toHaveLength(1);
    await expect(dataProvider.getOne('flagged', { id: 'nope' })).rejects.toMatchObject({ status: 404 });
  });
});
