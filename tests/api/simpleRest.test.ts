import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils, HttpError, type DataProvider } from 'ra-core';
import { startTestApp, type TestApp, openApiDoc } from './harness';
import { adminSession, GB, userWith } from './fixtures';
import { SORTABLE } from '../../src/contract/adminLists';

// The unmodified ra-data-simple-rest package against the real server, over HTTP, as the console would use it.

let t: TestApp;
let provider: DataProvider;
let api: string;
let token: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  // Another API origin than the web app's, so the CORS rules are in force as in a split deployment.
  t = await startTestApp({ API_URL: 'http://api.example.test/api' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  api = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api`;
  ({ token } = await adminSession(t, 'rest-ops@example.com'));
  // The bearer header is all the client adds.
  const httpClient = (url: string, options: fetchUtils.Options = {}) =>
    fetchUtils.fetchJson(url, { ...options, user: { authenticated: true, token: `Bearer ${token}` } });
  // Counting with X-Total-Count, as the console does (src-admin/providers/dataProvider.ts), so no Range header goes.
  provider = simpleRestProvider(`${api}/admin`, httpClient, 'X-Total-Count');
  ids.ana = await userWith(t, { email: 'ana@example.com', name: 'Ana Berg', plan: 'premium' });
  ids.bo = await userWith(t, { email: 'bo@example.com', name: 'Bo Chen' });
  ids.cy = await userWith(t, { email: 'cy@example.com', name: 'Cy Dahl', storageUsed: 2 * GB });
  ids.di = await userWith(t, { email: 'di@example.com', name: 'Di Eklund', plan: 'premium' });
});
afterAll(() => t.close());

/** What the provider's call was refused with: the status and the server's message. */
async function refusal(call: Promise<unknown>) {
  const err = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(HttpError);
  const { status, body } = err as HttpError;
  return { status, message: (body as { message?: string } | null)?.message };
}

/** One page of a resource as a console list asks for it: sorted by `field`, filtered by `filter`. */
const listed = (
  resource: string,
  [field, order]: [string, 'ASC' | 'DESC'],
  page: number,
  perPage: number,
  filter: object = {},
) => provider.getList(resource, { pagination: { page, perPage }, sort: { field, order }, filter });

describe('users through ra-data-simple-rest', () => {
  it('lists, sorts and pages on the server, with the total from X-Total-Count', async () => {
    const first = await listed('users', ['email', 'ASC'], 1, 2);
    expect(first.total).toBe(5);
    expect(first.data.map((u) => u.email)).toEqual(['ana@example.com', 'bo@example.com']);
    expect(first.data[0].id).toBe(ids.ana);
    const second = await listed('users', ['email', 'ASC'], 2, 2);
    expect(second.data.map((u) => u.email)).toEqual(['cy@example.com', 'di@example.com']);
    const desc = await listed('users', ['storageUsed', 'DESC'], 1, 1);
    expect(desc.data[0].email).toBe('cy@example.com');
  });

  it('filters by q (email or name) and by plan', async () => {
    const byName = await listed('users', ['email', 'ASC'], 1, 25, { q: 'chen' });
    expect(byName).toMatchObject({ total: 1, data: [{ email: 'bo@example.com' }] });
    const premium = await listed('users', ['email', 'DESC'], 1, 25, { plan: 'premium' });
    expect(premium.data.map((u) => u.email)).toEqual(['di@example.com', 'ana@example.com']);
  });

  it('reads one user and many users by id', async () => {
    const one = await provider.getOne('users', { id: ids.bo });
    expect(one.data).toMatchObject({ id: ids.bo, email: 'bo@example.com', plan: 'free' });
    const many = await provider.getMany('users', { ids: [ids.ana, ids.cy] });
    expect(many.data.map((u) => u.email).sort()).toEqual(['ana@example.com', 'cy@example.com']);
  });

  it('refuses an unknown sort key and an unknown filter with 400 and the reason', async () => {
    const sort = await refusal(listed('users', ['password', 'ASC'], 1, 5));
    expect(sort).toEqual({
      status: 400,
      message: `Cannot sort by "password". Sort by one of: ${SORTABLE.users.join(', ')}.`,
    });
    const filter = await refusal(listed('users', ['email', 'ASC'], 1, 5, { role: 'admin' }));
    expect(filter).toEqual({
      status: 400,
      message: 'Cannot filter users by "role". Filter by one of: q, subscriptionStatus, plan, search, id.',
    });
  });
});

describe('coupons through ra-data-simple-rest', () => {
  let id: string;

  it('creates a coupon and answers the created record', async () => {
    const created = await provider.create('coupons', {
      data: { code: 'spring25', discountType: 'percentage', amount: 25, usageLimit: null, expiresAt: null },
    });
    id = String(created.data.id);
    expect(created.data).toMatchObject({
      code: 'SPRING25',
      discountType: 'percentage',
      amount: 25,
      usedCount: 0,
      isActive: true,
      createdBy: 'rest-ops@example.com',
    });
    await provider.create('coupons', {
      data: { code: 'FIVE', discountType: 'fixed', amount: 5, usageLimit: 10, expiresAt: null },
    });
  });

  it("refuses a coupon the form's rules refuse, with the rule", async () => {
    const bad = await refusal(
      provider.create('coupons', {
        data: { code: 'HALF', discountType: 'percentage', amount: 150, usageLimit: null, expiresAt: null },
      }),
    );
    expect(bad).toEqual({
      status: 400,
      message: 'amount: A percentage must be a whole number from 0 to 100',
    });
  });

  it('reads one coupon and updates it with the whole record, as an edit form sends it', async () => {
    const { data } = await provider.getOne('coupons', { id });
    expect(data).toMatchObject({ id, code: 'SPRING25', amount: 25 });
    const updated = await provider.update('coupons', {
      id,
      data: { ...data, amount: 30, usageLimit: 100, isActive: false },
      previousData: data,
    });
    expect(updated.data).toMatchObject({
      id,
      code: 'SPRING25',
      amount: 30,
      usageLimit: 100,
      isActive: false,
    });
    expect((await provider.getOne('coupons', { id })).data).toMatchObject({ amount: 30, isActive: false });
    const refused = await refusal(
      provider.update('coupons', { id, data: { ...data, amount: 101 }, previousData: data }),
    );
    expect(refused).toEqual({
      status: 400,
      message: 'amount: A percentage must be a whole number from 0 to 100',
    });
  });

  it('lists, sorts and filters coupons', async () => {
    const byCode = await listed('coupons', ['code', 'ASC'], 1, 10);
    expect(byCode.total).toBe(2);
    expect(byCode.data.map((c) => c.code)).toEqual(['FIVE', 'SPRING25']);
    const active = await listed('coupons', ['createdAt', 'DESC'], 1, 10, { status: 'active' });
    expect(active.data.map((c) => c.code)).toEqual(['FIVE']);
    const found = await listed('coupons', ['id', 'ASC'], 1, 10, { q: 'spr' });
    expect(found.data.map((c) => c.code)).toEqual(['SPRING25']);
    const many = await provider.getMany('coupons', { ids: [id] });
    expect(many.data.map((c) => c.code)).toEqual(['SPRING25']);
  });

  it('deletes a coupon, answering it; then it is gone', async () => {
    const deleted = await provider.delete('coupons', { id });
    expect(deleted.data).toMatchObject({ id, code: 'SPRING25' });
    expect(await refusal(provider.getOne('coupons', { id }))).toEqual({
      status: 404,
      message: 'Coupon not found',
    });
  });

  it('left an audit entry for each write, readable through the same provider', async () => {
    const { data } = await listed('audit-log', ['id', 'ASC'], 1, 10, { targetId: id });
    expect(data.map((e) => e.action)).toEqual(['coupon.create', 'coupon.update', 'coupon.delete']);
  });
});

describe('the dialect on the wire', () => {
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${api}/admin${path}`, { headers: { authorization: `Bearer ${token}`, ...headers } });

  it('answers Content-Range and X-Total-Count, and the spec query its own shape', async () => {
    const q = (o: object) => encodeURIComponent(JSON.stringify(o));
    const res = await get(`/users?sort=${q(['email', 'ASC'])}&range=${q([1, 2])}&filter=${q({})}`);
    expect(res.headers.get('content-range')).toBe('users 1-2/5');
    expect(res.headers.get('x-total-count')).toBe('5');
    expect(((await res.json()) as { email: string }[]).map((u) => u.email)).toEqual([
      'bo@example.com',
      'cy@example.com',
    ]);
    const empty = await get(`/users?range=${q([0, 9])}&filter=${q({ q: 'nobody' })}`);
    expect(empty.headers.get('content-range')).toBe('users */0');
    const plain = await get('/users?plan=premium');
    const body = (await plain.json()) as { users: unknown[] };
    expect(body.users).toHaveLength(2);
    expect(plain.headers.get('content-range')).toBeNull();
  });

  it.each([
    ['sort=[email', 'sort must be JSON, e.g. sort=["email","ASC"]'],
    ['sort=["email","UP"]', 'sort must be a field and a direction, e.g. sort=["email","ASC"]'],
    ['range=[0,', 'range must be JSON, e.g. range=[0,24]'],
    ['range=[5,1]', 'range must be the first and last row, e.g. range=[0,24]'],
    ['range=[0,999]', 'range may span at most 500 rows'],
    ['filter={q:1}', 'filter must be JSON, e.g. filter={"q":"sam"}'],
    ['filter=[1]', 'filter must be a JSON object, e.g. filter={"q":"sam"}'],
  ])('refuses %s with 400 and a message', async (query, message) => {
    const res = await get(`/users?${query.replace(/[[\]{}"]/g, encodeURIComponent)}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message });
  });

  it('exposes X-Total-Count and Content-Range to the web app, and lets it send the Range header', async () => {
    const origin = 'http://localhost:3000';
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/users?range=[0,1]',
      headers: { origin, authorization: `Bearer ${token}` },
    });
    expect(res.headers['access-control-allow-origin']).toBe(origin);
    expect(res.headers['x-total-count']).toBe('5');
    const exposed = String(res.headers['access-control-expose-headers']).split(/,\s*/);
    expect(exposed).toEqual(expect.arrayContaining(['X-Total-Count', 'Content-Range']));
    // The console's own list call asks only for Authorization (its writes add Content-Type).
    const listPreflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/admin/users',
      headers: {
        origin,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(listPreflight.statusCode).toBe(204);
    expect(listPreflight.headers['access-control-allow-origin']).toBe(origin);
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/admin/coupons',
      headers: {
        origin,
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'authorization,range,content-type',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(String(preflight.headers['access-control-allow-methods'])).toMatch(/PUT/);
    expect(String(preflight.headers['access-control-allow-headers'])).toMatch(/range/);
  });
});

describe('the OpenAPI document', () => {
  it('describes the dialect on every list, and coupons as a full resource', async () => {
    const paths = (await openApiDoc(t.app)).paths;
    for (const list of [
      '/users',
      '/coupons',
      '/users/flagged',
      '/users/suspicious',
      '/messages',
      '/audit-log',
    ]) {
      const get = paths[`/api/admin${list}`].get;
      expect(get.description, list).toMatch(/ra-data-simple-rest.*Content-Range/);
      expect(get.description.split('ra-data-simple-rest').length, list).toBe(2);
      const names = get.parameters.map((p: { name: string }) => p.name);
      expect(names, list).toEqual(expect.arrayContaining(['sort', 'range', 'filter']));
    }
    expect(Object.keys(paths['/api/admin/coupons/{id}']).sort()).toEqual(['delete', 'get', 'patch', 'put']);
  });
});
