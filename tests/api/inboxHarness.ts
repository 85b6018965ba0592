import { afterAll, beforeAll, expect } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { bearer, registerUser, startTestApp, type TestApp } from './harness';
import { adminSession, listAnswer, type AdminSession } from './fixtures';
import { contactMessages } from '../../src-server/db/schema';
import { multipartBody, TINY_JPEG, TINY_PNG } from '../fixtures/multipart';

/**
 * The operators' contact inbox: five messages from the landing page (two with screenshots), two operators,
 * and a customer, on an app that also serves the web app from `clientDir`; `env` adds settings (e.g. the
 * object store's, read when the app starts).
 */
export function sharedInbox(env: Record<string, string> = {}) {
  const t = {} as TestApp;
  const admin = {} as AdminSession;
  const other = {} as AdminSession;
  const user = { token: '' };
  const ids: Record<string, string> = {};
  const dirs = { clientDir: '' };

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

  /** The inbox the tests read: who wrote, what, and which screenshot came along. */
  const INBOX: [string, Record<string, string>, Buffer?][] = [
    ['hello', { type: 'contact', name: 'Ada Lovelace', email: 'ada@example.com', message: 'Love it!' }],
    [
      'png',
      { type: 'support', name: 'Bob Stone', email: 'bob@example.com', message: 'Sync broke: 100% of posts' },
      TINY_PNG,
    ],
    [
      'jpeg',
      { type: 'support', name: 'Cy Twombly', email: 'cy@example.com', message: 'Tags vanish' },
      TINY_JPEG,
    ],
    ['plain', { type: 'support', name: 'Dee Dee', email: 'dee@example.com', message: 'No picture' }],
    ['sales', { type: 'contact', name: 'Eve Adams', email: 'eve@sales.example', message: 'Partnership?' }],
  ];

  beforeAll(async () => {
    // The web app is served too, so the test can show the stored screenshots are not among its files.
    dirs.clientDir = await mkdtemp(join(tmpdir(), 'postkeeper-client-'));
    await writeFile(join(dirs.clientDir, 'index.html'), '<!doctype html><title>Landing</title>');
    Object.assign(t, await startTestApp(env, { clientDir: dirs.clientDir }));
    Object.assign(admin, await adminSession(t, 'inbox-ops@example.com'));
    Object.assign(other, await adminSession(t, 'second-ops@example.com'));
    user.token = (await registerUser(t.app, { email: 'plain-user@example.com' })).token;
    for (const [key, fields, shot] of INBOX) await send(key, fields, shot);
  });
  afterAll(async () => {
    await t.close();
    await rm(dirs.clientDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = admin.headers) =>
    t.app.inject({ method: 'GET', url: `/api/admin${url}`, headers });
  const patch = (id: string, payload: unknown, headers: Record<string, string> = admin.headers) =>
    t.app.inject({ method: 'PATCH', url: `/api/admin/messages/${id}`, headers, payload: payload as object });
  const listed = async (query: string) => {
    const { total, rows } = listAnswer<{ name: string }>(await get(`/messages${query}`), 'messages');
    return { total, names: rows.map((m) => m.name) };
  };
  /** Nobody signed in gets 401 and a customer 403, each with the sentence the console shows. */
  async function expectOperatorsOnly(url: string) {
    const anon = await t.app.inject({ method: 'GET', url: `/api/admin${url}` });
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual({ message: 'Please sign in to continue.' });
    const plain = await get(url, bearer(user.token));
    expect(plain.statusCode).toBe(403);
    expect(plain.json()).toEqual({ message: 'Admin access required.' });
  }
  /** Bob's support message with its screenshot, as the inbox shows it. */
  const bobsMessage = () => ({
    id: ids.png,
    type: 'support',
    name: 'Bob Stone',
    email: 'bob@example.com',
    message: 'Sync broke: 100% of posts',
    hasScreenshot: true,
    status: 'open',
  });
  return { t, admin, other, user, ids, dirs, get, patch, listed, expectOperatorsOnly, bobsMessage };
}
