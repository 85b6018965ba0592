import { beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { sharedTestApp } from './harness';
import { extUser, sharedExtUser, type ExtUser } from './fixtures';
import { ON_ITS_OWN_HOST, savePost, upload } from './extHarness';
import { TINY_PNG } from '../fixtures/multipart';
import { posts } from '../../src-server/db/schema';
import { afterCursor, setPostLabels } from '../../src-server/ext/postsService';

// The extension's list of saved posts: paging, search and filters, and only ever the user's own posts.
const t = sharedTestApp(ON_ITS_OWN_HOST);
const bob = sharedExtUser(t);
beforeAll(async () => {
  expect((await savePost(t, bob, { platform: 'reddit', url: 'https://reddit.com/r/a/1' })).statusCode).toBe(
    201,
  );
});

const list = (u: ExtUser, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/ext/posts${query}`, headers: u.headers });
const urls = (res: { json(): { posts: { url: string }[] } }) => res.json().posts.map((p) => p.url);

describe('GET /api/ext/posts', () => {
  let carl: ExtUser;
  beforeAll(async () => {
    carl = await extUser(t);
    const items = [
      { platform: 'x', url: 'https://x.com/c/1', author: 'Grace Hopper', text: 'Compilers and COBOL' },
      {
        platform: 'linkedin',
        url: 'https://linkedin.com/c/2',
        author: 'Ada',
        text: 'Hiring 100% remote_engineers',
      },
      { platform: 'x', url: 'https://x.com/c/3', author: 'Linus', text: 'Kernel release notes' },
      { platform: 'pinterest', url: 'https://pinterest.com/c/4', author: 'Maya', text: 'Garden ideas' },
    ];
    for (const p of items) {
      expect((await savePost(t, carl, p)).statusCode).toBe(201);
      t.clock.advance(1000);
    }
    const [garden] = await t.db.select().from(posts).where(eq(posts.url, 'https://pinterest.com/c/4'));
    await t.db.transaction((tx) =>
      setPostLabels(tx, carl.id, garden.id, { tags: ['outdoors', 'diy'], category: 'Home' }, t.clock.now()),
    );
  });

  it('lists the user’s posts newest first with the total in X-Total-Count, exposed to the web origin', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/ext/posts',
      headers: { ...carl.headers, origin: 'https://postkeeper.app' },
    });
    expect(res.statusCode).toBe(200);
    expect(urls(res)).toEqual([
      'https://pinterest.com/c/4',
      'https://x.com/c/3',
      'https://linkedin.com/c/2',
      'https://x.com/c/1',
    ]);
    expect(res.headers['x-total-count']).toBe('4');
    expect(String(res.headers['access-control-expose-headers']).toLowerCase()).toContain('x-total-count');
    const page2 = await list(carl, '?page=2&perPage=3');
    expect(urls(page2)).toEqual(['https://x.com/c/1']);
    expect(page2.headers['x-total-count']).toBe('4');
    expect(urls(await list(carl, '?page=9&perPage=3'))).toEqual([]);
  });

  it('searches text, author and tags, case-insensitively and literally, and filters by platform and tag', async () => {
    expect(urls(await list(carl, '?search=cobol'))).toEqual(['https://x.com/c/1']);
    expect(urls(await list(carl, '?search=HOPPER'))).toEqual(['https://x.com/c/1']);
    expect(urls(await list(carl, '?search=outdoor'))).toEqual(['https://pinterest.com/c/4']);
    expect(urls(await list(carl, '?search=100%25%20remote_'))).toEqual(['https://linkedin.com/c/2']);
    // % is no wildcard: "0%e" is not in the text, though "0", then "e" are (a search this short tries no typos).
    expect(urls(await list(carl, '?search=0%25e'))).toEqual([]);
    expect(urls(await list(carl, '?platform=x'))).toEqual(['https://x.com/c/3', 'https://x.com/c/1']);
    expect(urls(await list(carl, '?tag=DIY'))).toEqual(['https://pinterest.com/c/4']);
    const res = await list(carl, '?platform=x&search=kernel');
    expect(urls(res)).toEqual(['https://x.com/c/3']);
    expect(res.headers['x-total-count']).toBe('1');
    expect(urls(await list(carl, '?search=&platform=&tag='))).toHaveLength(4);
    expect((await list(carl, '?tag=diy')).json().posts[0]).toMatchObject({
      tags: ['outdoors', 'diy'],
      category: 'Home',
    });
  });

  it('finds a post by its author’s handle and a link by its title', async () => {
    const u = await extUser(t);
    for (const p of [
      { platform: 'x', url: 'https://x.com/hopper/status/1', author: 'Grace', authorHandle: '@gracehopper' },
      {
        platform: 'web',
        url: 'https://example.org/essays/queues',
        title: 'Backpressure explained with coffee shops',
      },
    ])
      expect((await savePost(t, u, p)).statusCode).toBe(201);
    expect(urls(await list(u, '?search=gracehop'))).toEqual(['https://x.com/hopper/status/1']);
    expect(urls(await list(u, '?search=COFFEE%20shops'))).toEqual(['https://example.org/essays/queues']);
  });

  it('never shows another user’s posts', async () => {
    expect(urls(await list(bob))).toEqual(['https://reddit.com/r/a/1']);
    expect(urls(await list(bob, '?search=cobol'))).toEqual([]);
  });

  it('answers a bad query with 400 {message}', async () => {
    for (const q of [
      '?page=0',
      '?page=abc',
      '?perPage=101',
      '?platform=myspace',
      `?search=${'a'.repeat(201)}`,
      '?search=%00',
      '?page=1e400',
    ]) {
      const res = await list(carl, q);
      expect(res.statusCode, q).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    const cursor = (await list(carl, '?perPage=1')).json().nextCursor;
    for (const [q, message] of [
      ['?updatedSince=yesterday', /^updatedSince must be an ISO date-time/],
      ['?updatedSince=2026-13-45T00:00:00Z', /^updatedSince must be an ISO date-time/],
      ['?before=abc', /^before must be the nextCursor of an earlier page/],
      ['?before=99999999999999999999_00000000-0000-0000-0000-000000000000', /^before must be the nextCursor/],
      [`?before=${cursor}%27--`, /^before must be the nextCursor/],
      [`?before=${cursor}&page=2`, /^Use page or before, not both\.$/],
    ] as const) {
      const res = await list(carl, q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message, q).toMatch(message);
    }
  });

  it('finds a term among a heavy user’s posts through the trigram index', async () => {
    const heavy = await extUser(t);
    await t.db.execute(sql`
      insert into posts (user_id, platform, url, author, text, size_bytes)
      select ${heavy.id}, 'x', 'https://x.com/h/' || g, 'author ' || (g % 97), 'post number ' || g || ' about things', 300
      from generate_series(1, 20000) g`);
    await t.db.execute(sql`analyze posts`);
    const plan = await t.db.execute(sql`explain select id from posts
      where user_id = ${heavy.id} and post_search_text(author, author_handle, title, text, tags) ilike '%number 12345 %'`);
    const text = (plan as unknown as { rows: { 'QUERY PLAN': string }[] }).rows
      .map((r) => r['QUERY PLAN'])
      .join('\n');
    expect(text).toContain('posts_search_trgm_idx');
    expect(urls(await list(heavy, '?search=number%2012345%20'))).toEqual(['https://x.com/h/12345']);
  });

  it('starts a deep page by cursor from the index, not by walking past the newer posts', async () => {
    const deep = await extUser(t);
    await t.db.execute(sql`
      insert into posts (user_id, platform, url, size_bytes, created_at)
      select ${deep.id}, 'x', 'https://x.com/deep/' || g, 300, timestamptz '2026-01-01' + g * interval '1 second'
      from generate_series(1, 20000) g`);
    await t.db.execute(sql`analyze posts`);
    const page = await list(deep, '?perPage=100&page=150');
    const cursor = page.json().nextCursor;
    const next = await list(deep, `?perPage=2&before=${cursor}`);
    expect(urls(next)).toEqual(['https://x.com/deep/5000', 'https://x.com/deep/4999']);
    // The service's condition for that cursor, explained as the page's query runs it.
    const query = t.db
      .select({ id: posts.id })
      .from(posts)
      .where(and(eq(posts.userId, deep.id), afterCursor(cursor)))
      .orderBy(desc(posts.createdAt), desc(posts.id))
      .limit(3);
    const plan = await t.db.execute(sql`explain analyze ${query}`);
    const lines = (plan as unknown as { rows: { 'QUERY PLAN': string }[] }).rows.map((r) => r['QUERY PLAN']);
    expect(lines.join('\n')).toMatch(/Index Cond: .*created_at/);
    // Rows the scan threw away before the page: none of the 15,000 newer posts.
    const removed = lines.map((l) => /Rows Removed by Filter: (\d+)/.exec(l)?.[1]).filter(Boolean);
    expect(removed.every((n) => Number(n) < 10)).toBe(true);
  });
});

// What the extension's service worker does to keep its copy of the account's posts: a full read page by page,
// newest first, then only what changed since.
describe('GET /api/ext/posts for the extension’s sync', () => {
  /** Every post, page after page through nextCursor: the urls in order and the number of pages. */
  async function readAll(u: ExtUser, query: string) {
    const seen: string[] = [];
    let before: string | null = null;
    let pages = 0;
    do {
      const res = await list(u, `${query}${before ? `&before=${before}` : ''}`);
      expect(res.statusCode).toBe(200);
      seen.push(...urls(res));
      before = res.json().nextCursor;
      pages += 1;
    } while (before && pages < 50);
    return { seen, pages };
  }

  it('pages through every post newest first by cursor, even saved in the same instant, none skipped or repeated', async () => {
    const u = await extUser(t);
    // Seven saves in one millisecond (the clock does not move): the order falls back to the id.
    for (let i = 1; i <= 7; i++)
      expect((await savePost(t, u, { platform: 'x', url: `https://x.com/same/${i}` })).statusCode).toBe(201);
    t.clock.advance(1000);
    expect((await savePost(t, u, { platform: 'x', url: 'https://x.com/later/1' })).statusCode).toBe(201);
    const byPage = urls(await list(u, '?perPage=100'));
    const { seen, pages } = await readAll(u, '?perPage=3');
    expect(seen).toEqual(byPage);
    expect(seen[0]).toBe('https://x.com/later/1');
    expect(new Set(seen).size).toBe(8);
    expect(pages).toBe(3);
    const first = await list(u, '?perPage=3');
    expect(first.headers['x-total-count']).toBe('8');
    // The last page says there is no next one.
    expect((await list(u, '?perPage=8')).json().nextCursor).toBeNull();
  });

  it('tells apart posts saved a microsecond apart, and a save made while paging does not shift the pages', async () => {
    const u = await extUser(t);
    await t.db.execute(sql`
      insert into posts (user_id, platform, url, size_bytes, created_at)
      select ${u.id}, 'reddit', 'https://reddit.com/us/' || g, 300,
             timestamptz '2026-02-01 10:00:00.000000+00' + g * interval '1 microsecond'
      from generate_series(1, 5) g`);
    const res = await list(u, '?perPage=2');
    expect(urls(res)).toEqual(['https://reddit.com/us/5', 'https://reddit.com/us/4']);
    // A new post lands on top meanwhile; the next page goes on where the first stopped.
    expect((await savePost(t, u, { platform: 'x', url: 'https://x.com/meanwhile/1' })).statusCode).toBe(201);
    const next = await list(u, `?perPage=2&before=${res.json().nextCursor}`);
    expect(urls(next)).toEqual(['https://reddit.com/us/3', 'https://reddit.com/us/2']);
    const last = await list(u, `?perPage=2&before=${next.json().nextCursor}`);
    expect(urls(last)).toEqual(['https://reddit.com/us/1']);
    expect(last.json().nextCursor).toBeNull();
  });

  it('answers only what changed since a given instant: new saves, new tags, newly attached images', async () => {
    const u = await extUser(t);
    const saved: string[] = [];
    for (let i = 1; i <= 3; i++) {
      saved.push((await savePost(t, u, { platform: 'x', url: `https://x.com/sync/${i}` })).json().post.id);
      t.clock.advance(60_000);
    }
    const syncedAt = t.clock.now().toISOString();
    expect(urls(await list(u, `?updatedSince=${syncedAt}`))).toEqual([]);
    t.clock.advance(60_000);
    await t.db.transaction((tx) => setPostLabels(tx, u.id, saved[0], { tags: ['rust'] }, t.clock.now()));
    const png = await upload(t, u, saved[1], TINY_PNG);
    expect(png.statusCode).toBe(201);
    expect((await savePost(t, u, { platform: 'x', url: 'https://x.com/sync/4' })).statusCode).toBe(201);
    const changed = await list(u, `?updatedSince=${encodeURIComponent(syncedAt)}`);
    expect(urls(changed)).toEqual(['https://x.com/sync/4', 'https://x.com/sync/2', 'https://x.com/sync/1']);
    expect(changed.headers['x-total-count']).toBe('3');
    const [withImage] = changed.json().posts.filter((p: { id: string }) => p.id === saved[1]);
    expect(withImage.media).toEqual([png.json().media]);
    expect(withImage.updatedAt).toBe(t.clock.now().toISOString());
    // The instant is inclusive, and any offset reads the same.
    expect(urls(await list(u, `?updatedSince=${encodeURIComponent(withImage.updatedAt)}`))).toHaveLength(3);
    const later = new Date(t.clock.now().getTime() + 1).toISOString().replace('Z', '+00:00');
    expect(urls(await list(u, `?updatedSince=${encodeURIComponent(later)}`))).toEqual([]);
    // A retried save is no change.
    expect((await savePost(t, u, { platform: 'x', url: 'https://x.com/sync/3' })).statusCode).toBe(200);
    expect(urls(await list(u, `?updatedSince=${encodeURIComponent(later)}`))).toEqual([]);
  });
});
