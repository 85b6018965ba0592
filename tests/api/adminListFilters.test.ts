import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { injectAs, sharedTestApp } from './harness';
import { GB, userWith, smallAbuseThresholds, sharedAdminSession } from './fixtures';
import { contactMessages, users } from '../../src-server/db/schema';
import { DAY_MS, ManualClock } from '../../src-server/clock';
import { SORTABLE } from '../../src/contract/adminLists';

// Flagged and Suspicious as an operator narrows and orders them, in both the spec's query and simple-rest's.

const env = smallAbuseThresholds(5);
const NOW = new Date('2026-05-01T12:00:00Z');

const t = sharedTestApp(env, { clock: new ManualClock(NOW) });
const admin = sharedAdminSession(t, 'lists-ops@example.com');

/** Flagged users: reason, plan, subscription status, and hours since their flag. */
const FLAGGED = [
  { email: 'amy@example.com', reason: 'spam: bulk links', plan: 'free', status: null, hours: 5 },
  { email: 'ben@example.com', reason: 'Abuse: scraping', plan: 'premium', status: 'active', hours: 1 },
  { email: 'cat@example.com', reason: null, plan: 'free', status: null, hours: 3 },
  {
    email: 'dan@example.com',
    reason: 'Tokens: 20,000 tokens in 30 days',
    plan: 'premium',
    status: 'trialing',
    hours: 2,
  },
  {
    email: 'eve@example.com',
    reason: 'bots: 400 saves a minute',
    plan: 'free',
    status: 'canceled',
    hours: 4,
  },
] as const;

beforeAll(async () => {
  for (const [i, f] of FLAGGED.entries()) {
    const id = await userWith(t, {
      email: f.email,
      name: f.email.slice(0, 3),
      plan: f.plan,
      status: f.status,
      storageUsed: (i + 1) * 100 * 1024 ** 2,
    });
    await t.db
      .update(users)
      .set({
        flaggedForAbuse: true,
        lastFlaggedReason: f.reason,
        flaggedAt: new Date(NOW.getTime() - f.hours * 3600_000),
      })
      .where(eq(users.id, id));
  }
  // Suspicious without a flag: one rule each.
  await userWith(t, {
    email: 'tok@example.com',
    name: 'tok',
    usage: [{ tokens: 15000, cost: 0.2, daysAgo: 1 }],
  });
  await userWith(t, { email: 'big@example.com', name: 'big', plan: 'premium', storageUsed: 3 * GB });
  await userWith(t, { email: 'over@example.com', name: 'over', storageUsed: 1.5 * GB });
  await userWith(t, { email: 'calm@example.com', name: 'calm' });
  await t.db.insert(contactMessages).values([
    {
      type: 'support',
      name: 'sam',
      email: 'sam@example.com',
      message: 'the export hangs',
      createdAt: new Date(NOW.getTime() - DAY_MS),
    },
    { type: 'contact', name: 'kim', email: 'kim@example.com', message: 'pricing for teams', createdAt: NOW },
  ]);
});

const asAdmin = injectAs(t, admin, '/api/admin');
const get = (url: string) => asAdmin('GET', url);
const rest = (path: string, o: { sort?: [string, string]; range?: [number, number]; filter?: object }) =>
  get(
    `${path}?${Object.entries(o)
      .map(([k, v]) => `${k}=${encodeURIComponent(JSON.stringify(v))}`)
      .join('&')}`,
  );
const emails = (list: { email: string }[]) => list.map((u) => u.email);

describe('Flagged sorted by Reason', () => {
  it('comes back in order, whatever the case, with no reason last', async () => {
    const asc = await get('/users/flagged?sort=lastFlaggedReason&order=ASC');
    expect(asc.json().users.map((u: { lastFlaggedReason: string | null }) => u.lastFlaggedReason)).toEqual([
      'Abuse: scraping',
      'bots: 400 saves a minute',
      'spam: bulk links',
      'Tokens: 20,000 tokens in 30 days',
      null,
    ]);
    const desc = await rest('/users/flagged', { sort: ['lastFlaggedReason', 'DESC'], range: [0, 9] });
    expect(emails(desc.json())).toEqual([
      'dan@example.com',
      'amy@example.com',
      'eve@example.com',
      'ben@example.com',
      'cat@example.com',
    ]);
    expect(desc.headers['content-range']).toBe('flagged 0-4/5');
  });

  it('sorts by every key it offers, both ways', async () => {
    for (const key of SORTABLE.flagged) {
      for (const order of ['ASC', 'DESC']) {
        const res = await rest('/users/flagged', { sort: [key, order], range: [0, 9] });
        expect(res.statusCode, `${key} ${order}`).toBe(200);
        const values = (res.json() as Record<string, unknown>[]).map((u) => u[key]);
        const present = values.filter((v) => v !== null);
        const sorted = [...present].sort((a, b) => {
          const [x, y] = [String(a).toLowerCase(), String(b).toLowerCase()];
          const n = typeof a === 'number' ? (a as number) - (b as number) : x < y ? -1 : x > y ? 1 : 0;
          return order === 'ASC' ? n : -n;
        });
        expect(present, `${key} ${order}`).toEqual(sorted);
        expect(values.slice(present.length).every((v) => v === null)).toBe(true);
      }
    }
  });
});

describe('Flagged filters', () => {
  it('narrows by plan, subscription status, reason category and search', async () => {
    expect(emails((await get('/users/flagged?plan=premium&sort=email&order=ASC')).json().users)).toEqual([
      'ben@example.com',
      'dan@example.com',
    ]);
    expect(emails((await get('/users/flagged?subscriptionStatus=canceled')).json().users)).toEqual([
      'eve@example.com',
    ]);
    expect(emails((await get('/users/flagged?reason=tokens')).json().users)).toEqual(['dan@example.com']);
    expect(emails((await get('/users/flagged?reason=No%20reason%20provided')).json().users)).toEqual([
      'cat@example.com',
    ]);
    const res = await rest('/users/flagged', {
      sort: ['email', 'ASC'],
      range: [0, 1],
      filter: { q: 'e', plan: 'free' },
    });
    expect(emails(res.json())).toEqual(['amy@example.com', 'cat@example.com']);
    expect(res.headers['content-range']).toBe('flagged 0-1/3');
  });

  it('refuses a bad filter with 400 and a message', async () => {
    const res = await rest('/users/flagged', { filter: { plan: 'gold' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^filter\.plan: /);
    const key = await rest('/users/flagged', { filter: { colour: 'red' } });
    expect(key.json()).toEqual({
      message:
        'Cannot filter flagged users by "colour". Filter by one of: q, search, plan, subscriptionStatus, reason, id.',
    });
  });
});

describe('Suspicious filters', () => {
  it('narrows by status, a rule broken, plan and search, keeping the statistics of everyone', async () => {
    const all = (await get('/users/suspicious?sort=email&order=ASC')).json();
    expect(emails(all.users)).toEqual([
      'amy@example.com',
      'ben@example.com',
      'big@example.com',
      'cat@example.com',
      'dan@example.com',
      'eve@example.com',
      'over@example.com',
      'tok@example.com',
    ]);
    const onlySuspicious = (await get('/users/suspicious?status=suspicious&sort=email&order=ASC')).json();
    expect(emails(onlySuspicious.users)).toEqual(['big@example.com', 'over@example.com', 'tok@example.com']);
    expect(onlySuspicious.statistics).toEqual(all.statistics);
    expect(emails((await get('/users/suspicious?status=flagged')).json().users)).toHaveLength(5);
    expect(emails((await get('/users/suspicious?reason=Tokens')).json().users)).toEqual(['tok@example.com']);
    expect(emails((await get('/users/suspicious?reason=Plan%20limit')).json().users)).toEqual([
      'over@example.com',
    ]);
    expect(emails((await get('/users/suspicious?reason=Storage&plan=premium')).json().users)).toEqual([
      'big@example.com',
    ]);
    const found = await rest('/users/suspicious', {
      sort: ['email', 'ASC'],
      range: [0, 24],
      filter: { q: 'ov' },
    });
    expect(found.json()).toMatchObject([
      { email: 'over@example.com', suspiciousReasons: [expect.stringMatching(/^Plan limit/)] },
    ]);
    expect(found.json()[0].id).toBe(found.json()[0]._id);
    expect(found.headers['content-range']).toBe('suspicious 0-0/1');
  });

  it('refuses a reason that is no rule, naming the rules', async () => {
    const res = await get('/users/suspicious?reason=Spam');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('reason must be one of: Cost, Tokens, Storage, Plan limit');
  });
});

describe('the inbox and the audit log in simple-rest', () => {
  it('answer bare arrays with Content-Range, filtered by q and type', async () => {
    const inbox = await rest('/messages', {
      sort: ['createdAt', 'ASC'],
      range: [0, 9],
      filter: { q: 'export' },
    });
    expect(inbox.json()).toMatchObject([{ name: 'sam', type: 'support' }]);
    expect(inbox.headers['content-range']).toBe('messages 0-0/1');
    const contact = await rest('/messages', { filter: { type: 'contact' } });
    expect(contact.json().map((m: { name: string }) => m.name)).toEqual(['kim']);
    const audit = await rest('/audit-log', { sort: ['at', 'DESC'], range: [0, 9], filter: {} });
    expect(audit.json()).toEqual([]);
    expect(audit.headers['content-range']).toBe('audit-log */0');
  });
});
