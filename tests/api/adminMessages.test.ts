import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bearer } from './harness';
import { listAnswer } from './fixtures';
import { sharedInbox } from './inboxHarness';
import { contactMessages } from '../../src-server/db/schema';
import { DAY_MS } from '../../src-server/clock';

const { t, other, user, ids, get, patch, listed, expectOperatorsOnly, bobsMessage } = sharedInbox();

describe('GET /api/admin/messages', () => {
  it('lists every message newest first with its fields, and the total in X-Total-Count', async () => {
    const { total, rows: messages } = listAnswer<{ id: string }>(await get('/messages'), 'messages');
    expect(total).toBe(5);
    expect(messages.map((m) => m.id)).toEqual([ids.sales, ids.plain, ids.jpeg, ids.png, ids.hello]);
    expect(messages[3]).toEqual({
      ...bobsMessage(),
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
    await expectOperatorsOnly('/messages');
  });
});

describe('GET /api/admin/messages/{id}', () => {
  it('answers one message as a bare record, 404 for an unknown or malformed id, and only to operators', async () => {
    const res = await get(`/messages/${ids.png}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject(bobsMessage());
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const missing = await get(`/messages/${id}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: 'Message not found' });
    }
    await expectOperatorsOnly(`/messages/${ids.png}`);
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
