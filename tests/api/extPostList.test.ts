import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { sharedTestApp } from './harness';
import { extUser, sharedExtUser, type ExtUser } from './fixtures';
import { ON_ITS_OWN_HOST, savePost } from './extHarness';
import { posts } from '../../src-server/db/schema';
import { setPostLabels } from '../../src-server/ext/postsService';

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
    expect(urls(await list(carl, '?search=100%25x'))).toEqual([]);
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
  });

  it('finds a term among a heavy user’s posts through the trigram index', async () => {
    const heavy = await extUser(t);
    await t.db.execute(sql`
      insert into posts (user_id, platform, url, author, text, size_bytes)
      select ${heavy.id}, 'x', 'https://x.com/h/' || g, 'author ' || (g % 97), 'post number ' || g || ' about things', 300
      from generate_series(1, 20000) g`);
    await t.db.execute(sql`analyze posts`);
    const plan = await t.db.execute(sql`explain select id from posts
      where user_id = ${heavy.id} and post_search_text(author, text, tags) ilike '%number 12345 %'`);
    const text = (plan as unknown as { rows: { 'QUERY PLAN': string }[] }).rows
      .map((r) => r['QUERY PLAN'])
      .join('\n');
    expect(text).toContain('posts_search_trgm_idx');
    expect(urls(await list(heavy, '?search=number%2012345%20'))).toEqual(['https://x.com/h/12345']);
  });
});
