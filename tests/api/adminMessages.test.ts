import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { bearer, registerUser, startTestApp, type TestApp } from './harness';
import { adminSession } from './adminHarness';
import { contactMessages } from '../../src-server/db/schema';
import { buildApp } from '../../src-server/app';
import { runJobOnce } from '../../src-server/jobs/jobRunner';
import { DAY_MS } from '../../src-server/clock';
import { multipartBody, TINY_JPEG, TINY_PNG } from '../fixtures/multipart';

let t: TestApp;
let clientDir: string;
let admin: Awaited<ReturnType<typeof adminSession>>;
let other: Awaited<ReturnType<typeof adminSession>>;
let user: { token: string };
const ids: Record<string, string> = {};

/** A message sent the way the landing page sends it; one minute apart, so newest-first is unambiguous. */
async function send(key: string, fields: Record<string, string>, shot?: Buffer) {
  t.clock.advance(60_000);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/contact',
    ...multipartBody({
      ...fields,
      ...(shot ? { screenshot: { filename: 'shot.png', contentType: 'image/png', data: shot } } : {}),
    }),
  });
  expect(res.statusCode).toBe(200);
  const [row] = await t.db
    .select({ id: contactMessages.id })
    .from(contactMessages)
    .where(eq(contactMessages.message, fields.message));
  ids[key] = row.id;
}

beforeAll(async () => {
  // The web app is served too, so the test can show the stored screenshots are not among its files.
  clientDir = await mkdtemp(join(tmpdir(), 'postkeeper-client-'));
  await writeFile(join(clientDir, 'index.html'), '<!doctype html><title>Landing</title>');
  t = await startTestApp({}, { clientDir });
  admin = await adminSession(t, 'inbox-ops@example.com');
  other = await adminSession(t, 'second-ops@example.com');
  user = await registerUser(t.app, { email: 'plain-user@example.com' });
  await send('hello', {
    type: 'contact',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    message: 'Love it!',
  });
  await send(
    'png',
    { type: 'support', name: 'Bob Stone', email: 'bob@example.com', message: 'Sync broke: 100% of posts' },
    TINY_PNG,
  );
  await send(
    'jpeg',
    { type: 'support', name: 'Cy Twombly', email: 'cy@example.com', message: 'Tags vanish' },
    TINY_JPEG,
  );
  await send('plain', { type: 'support', name: 'Dee Dee', email: 'dee@example.com', message: 'No picture' });
  await send('sales', {
    type: 'contact',
    name: 'Eve Adams',
    email: 'eve@sales.example',
    message: 'Partnership?',
  });
});
afterAll(async () => {
  await t.close();
  await rm(clientDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = admin.headers) =>
  t.app.inject({ method: 'GET', url: `/api/admin${url}`, headers });
const patch = (id: string, payload: unknown, headers: Record<string, string> = admin.headers) =>
  t.app.inject({ method: 'PATCH', url: `/api/admin/messages/${id}`, headers, payload: payload as object });
const listed = async (query: string) => {
  const res = await get(`/messages${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return {
    total: Number(res.headers['x-total-count']),
    names: (res.json().messages as { name: string }[]).map((m) => m.name),
  };
};

describe('GET /api/admin/messages', () => {
  it('lists every message newest first with its fields, and the total in X-Total-Count', async () => {
    const res = await get('/messages');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('5');
    const { messages } = res.json();
    expect(messages.map((m: { id: string }) => m.id)).toEqual([
      ids.sales,
      ids.plain,
      ids.jpeg,
      ids.png,
      ids.hello,
    ]);
    expect(messages[3]).toEqual({
      id: ids.png,
      type: 'support',
      name: 'Bob Stone',
      email: 'bob@example.com',
      message: 'Sync broke: 100% of posts',
      hasScreenshot: true,
      status: 'open',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      handledBy: null,
      handledAt: null,
    });
    expect(messages[4]).toMatchObject({ type: 'contact', hasScreenshot: false });
  });

  it('filters by type and by status', async () => {
    expect(await listed('?type=contact')).toEqual({ total: 2, names: ['Eve Adams', 'Ada Lovelace'] });
    expect((await listed('?type=support')).names).toEqual(['Dee Dee', 'Cy Twombly', 'Bob Stone']);
    expect((await listed('?status=open')).total).toBe(5);
    expect(await listed('?status=resolved')).toEqual({ total: 0, names: [] });
  });

  it('searches name, email and message, case-insensitively and literally', async () => {
    expect((await listed('?search=lovelace')).names).toEqual(['Ada Lovelace']);
    expect((await listed('?search=SALES.example')).names).toEqual(['Eve Adams']);
    expect((await listed('?search=tags%20VANISH')).names).toEqual(['Cy Twombly']);
    // % is a character to find, not a wildcard.
    expect((await listed('?search=100%25')).names).toEqual(['Bob Stone']);
    expect((await listed('?search=%25')).names).toEqual(['Bob Stone']);
    expect((await listed('?type=contact&search=example.com')).names).toEqual(['Ada Lovelace']);
  });

  it('pages, and sorts by the keys it names', async () => {
    expect(await listed('?page=2&perPage=2')).toEqual({ total: 5, names: ['Cy Twombly', 'Bob Stone'] });
    expect(await listed('?page=3&perPage=2')).toEqual({ total: 5, names: ['Ada Lovelace'] });
    expect(await listed('?page=9&perPage=2')).toEqual({ total: 5, names: [] });
    expect((await listed('?sort=name&order=ASC&perPage=3')).names).toEqual([
      'Ada Lovelace',
      'Bob Stone',
      'Cy Twombly',
    ]);
    expect((await listed('?sort=createdAt&order=ASC&perPage=1')).names).toEqual(['Ada Lovelace']);
    for (const key of ['email', 'type', 'status', 'handledAt', 'handledBy'])
      expect((await get(`/messages?sort=${key}`)).statusCode, key).toBe(200);
  });

  it.each(['constructor', '__proto__', 'toString', 'screenshot_path', 'nope'])(
    'refuses sort=%s with 400 naming the keys that work',
    async (key) => {
      const res = await get(`/messages?sort=${encodeURIComponent(key)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: `Cannot sort by "${key}". Sort by one of: createdAt, name, email, type, status, handledAt, handledBy, id.`,
      });
    },
  );

  it.each([
    ['type=sales', 'type must be contact or support'],
    ['status=closed', 'status must be open or resolved'],
    ['search=a%00b', 'search must not contain NUL characters'],
    [`search=${'x'.repeat(201)}`, 'search must be at most 200 characters long'],
    ['perPage=100000', /perPage/],
    ['page=-1', /page/],
    ['order=sideways', /order/],
  ])('refuses %s with a 400 message', async (query, message) => {
    const res = await get(`/messages?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  it('is for operators only: 401 without a session, 403 for a user', async () => {
    const anon = await t.app.inject({ method: 'GET', url: '/api/admin/messages' });
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual({ message: 'Please sign in to continue.' });
    const plain = await get('/messages', bearer(user.token));
    expect(plain.statusCode).toBe(403);
    expect(plain.json()).toEqual({ message: 'Admin access required.' });
  });
});

describe('GET /api/admin/messages/{id}', () => {
  it('answers one message as a bare record, 404 for an unknown or malformed id, and only to operators', async () => {
    const res = await get(`/messages/${ids.png}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: ids.png,
      type: 'support',
      name: 'Bob Stone',
      email: 'bob@example.com',
      message: 'Sync broke: 100% of posts',
      hasScreenshot: true,
      status: 'open',
    });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const missing = await get(`/messages/${id}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: 'Message not found' });
    }
    expect((await get(`/messages/${ids.png}`, bearer(user.token))).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/messages/${ids.png}` })).statusCode).toBe(
      401,
    );
  });
});

describe('GET /api/admin/messages/{id}/screenshot', () => {
  it('serves the stored PNG with its own type and headers that keep it an inert, uncached image', async () => {
    const res = await get(`/messages/${ids.png}/screenshot`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(TINY_PNG);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe('inline');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; img-src 'self'; sandbox");
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('serves a JPEG as image/jpeg', async () => {
    const res = await get(`/messages/${ids.jpeg}/screenshot`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.rawPayload).toEqual(TINY_JPEG);
  });

  it('refuses anonymous callers with 401 and users with 403, without the image', async () => {
    const anon = await t.app.inject({ method: 'GET', url: `/api/admin/messages/${ids.png}/screenshot` });
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual({ message: 'Please sign in to continue.' });
    const plain = await get(`/messages/${ids.png}/screenshot`, bearer(user.token));
    expect(plain.statusCode).toBe(403);
    expect(plain.json()).toEqual({ message: 'Admin access required.' });
  });

  it('answers 404 for a message without one, an unknown message, and an id that is no uuid', async () => {
    for (const [id, message] of [
      [ids.plain, 'This message has no screenshot'],
      ['00000000-0000-4000-8000-000000000000', 'Message not found'],
      ['not-a-uuid', 'Message not found'],
      ['..%2F..%2Fetc%2Fpasswd', 'Message not found'],
    ]) {
      const res = await get(`/messages/${id}/screenshot`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ message });
    }
  });

  it('is never reachable from a public path of the web app', async () => {
    const [row] = await t.db
      .select({ path: contactMessages.screenshotPath })
      .from(contactMessages)
      .where(eq(contactMessages.id, ids.png));
    const file = row.path!.split('/').pop()!;
    for (const url of [
      `/${row.path}`,
      `/uploads/${file}`,
      `/data/${row.path}`,
      `/${file}`,
      `/..%2F${file}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.rawPayload.equals(TINY_PNG), url).toBe(false);
      expect(res.headers['content-type'] ?? '', url).not.toMatch(/^image\//);
    }
  });

  it('keeps the server from starting with DATA_DIR inside the web app folder, where it would be public', async () => {
    const config = { ...t.config, DATA_DIR: join(clientDir, 'data') };
    await expect(buildApp({ config, db: t.db, clock: t.clock, clientDir, logger: false })).rejects.toThrow(
      `DATA_DIR (${join(clientDir, 'data')}) must not be inside the web app folder (${clientDir}): every file there is public.`,
    );
    await expect(
      buildApp({ config: { ...t.config, DATA_DIR: clientDir }, db: t.db, clientDir }),
    ).rejects.toThrow(/must not be inside the web app folder/);
  });
});

describe('PATCH /api/admin/messages/{id}', () => {
  it('resolves a message, recording who and when, and reopening records the other operator', async () => {
    const resolvedAt = t.clock.now().toISOString();
    const res = await patch(ids.plain, { status: 'resolved' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Message resolved',
      contactMessage: expect.objectContaining({
        id: ids.plain,
        status: 'resolved',
        handledBy: 'inbox-ops@example.com',
        handledAt: resolvedAt,
      }),
    });
    expect(await listed('?status=resolved')).toEqual({ total: 1, names: ['Dee Dee'] });
    expect((await listed('?status=open')).total).toBe(4);

    t.clock.advance(DAY_MS);
    const reopened = await patch(ids.plain, { status: 'open' }, other.headers);
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json().message).toBe('Message reopened');
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, ids.plain));
    expect(row).toMatchObject({ status: 'open', handledBy: 'second-ops@example.com' });
    expect(row.handledAt?.toISOString()).toBe(t.clock.now().toISOString());
    expect((await listed('?status=resolved')).total).toBe(0);
  });

  it('refuses a bad status, a bad body, an unknown or malformed id, and changes nothing', async () => {
    const before = await t.db.select().from(contactMessages);
    for (const payload of [
      { status: 'closed' },
      { status: 'constructor' },
      { status: ['resolved'] },
      {},
      JSON.parse('{"__proto__": {"status": "resolved"}}'),
    ]) {
      const res = await patch(ids.hello, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await patch(id, { status: 'resolved' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Message not found' });
    }
    expect((await patch(ids.hello, { status: 'resolved' }, bearer(user.token))).statusCode).toBe(403);
    expect(await t.db.select().from(contactMessages)).toEqual(before);
  });
});

describe('screenshots past retention', () => {
  it('answer 404 once the retention job has deleted the file, and the message stays listed', async () => {
    t.clock.advance(91 * DAY_MS);
    expect(await runJobOnce(t.app.ctx, 'upload-retention')).toMatchObject({ ran: true });
    // The operator's earlier session has gone idle meanwhile.
    admin = await adminSession(t, 'inbox-ops-later@example.com');
    const res = await get(`/messages/${ids.png}/screenshot`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'This message has no screenshot' });
    expect((await listed('?search=Bob')).names).toEqual(['Bob Stone']);
  });
});
