import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { sharedTestApp } from './harness';
import { extUser, sharedExtUser, type ExtUser } from './fixtures';
import { savePost } from './extHarness';
import { setPostLabels } from '../../src-server/ext/postsService';

// Search of the saved posts, ranked: the words where they weigh most come first, a word's beginning and a typo
// still find the post, and the results page by position.
const t = sharedTestApp();
const ada = sharedExtUser(t);
const other = sharedExtUser(t);

const MENTION = 'https://x.com/s/mention';
const TAGGED = 'https://x.com/s/tagged';
const TITLED = 'https://example.org/growth-playbook';
const UNRELATED = 'https://x.com/s/other';

beforeAll(async () => {
  // Oldest first, so the newest-first order would put the passing mention on top.
  const saves = [
    {
      post: { platform: 'x', url: TAGGED, author: 'Lin', text: 'Weekly newsletter picks' },
      tags: ['growth'],
    },
    { post: { platform: 'web', url: TITLED, title: 'Growth playbook', text: 'Chapter one' }, tags: [] },
    { post: { platform: 'x', url: UNRELATED, author: 'Kim', text: 'Garden ideas for spring' }, tags: [] },
    {
      post: {
        platform: 'x',
        url: MENTION,
        author: 'Sam',
        text: 'Notes from the conference, a bit on growth.',
      },
      tags: [],
    },
  ];
  for (const { post, tags } of saves) {
    const res = await savePost(t, ada, post);
    expect(res.statusCode).toBe(201);
    if (tags.length)
      await t.db.transaction((tx) => setPostLabels(tx, ada.id, res.json().post.id, { tags }, t.clock.now()));
    t.clock.advance(1000);
  }
  await savePost(t, other, { platform: 'x', url: 'https://x.com/o/growth', text: 'growth growth growth' });
});

const search = (u: ExtUser, query: string) =>
  t.app.inject({ method: 'GET', url: `/api/ext/posts?${query}`, headers: u.headers });
const urls = (res: { json(): { posts: { url: string }[] } }) => res.json().posts.map((p) => p.url);

describe('GET /api/ext/posts?q=', () => {
  it('ranks a tag match above a title match above a passing mention in the text, newest order aside', async () => {
    const res = await search(ada, 'q=growth');
    expect(res.statusCode).toBe(200);
    expect(urls(res)).toEqual([TAGGED, TITLED, MENTION]);
    expect(res.headers['x-total-count']).toBe('3');
    // search= is the same search.
    expect(urls(await search(ada, 'search=Growth'))).toEqual([TAGGED, TITLED, MENTION]);
  });

  it('matches a word’s beginning and a typo', async () => {
    expect(urls(await search(ada, 'q=grow')).sort()).toEqual([MENTION, TAGGED, TITLED].sort());
    expect(urls(await search(ada, 'q=newslet'))).toEqual([TAGGED]);
    expect(urls(await search(ada, 'q=growht')).sort()).toEqual([MENTION, TAGGED, TITLED].sort());
    expect(urls(await search(ada, 'q=confrence'))).toEqual([MENTION]);
    // Stemmed: a word's other forms are the word.
    expect(urls(await search(ada, 'q=gardens'))).toEqual([UNRELATED]);
  });

  it('reads the search as people type it: phrases, and words left out with a minus', async () => {
    expect(urls(await search(ada, 'q=growth%20-newsletter'))).toEqual([TITLED, MENTION]);
    expect(urls(await search(ada, 'q=%22growth%20playbook%22'))).toEqual([TITLED]);
    expect(urls(await search(ada, 'q=blockchain'))).toEqual([]);
  });

  it('pages ranked results by position, with the total of every match', async () => {
    const first = await search(ada, 'q=growth&perPage=2');
    expect(urls(first)).toEqual([TAGGED, TITLED]);
    expect(first.json().nextCursor).toBe('r2');
    const second = await search(ada, 'q=growth&perPage=2&before=r2');
    expect(urls(second)).toEqual([MENTION]);
    expect(second.json().nextCursor).toBeNull();
    expect(second.headers['x-total-count']).toBe('3');
    expect(urls(await search(ada, 'q=growth&perPage=2&page=2'))).toEqual([MENTION]);
  });

  it('refuses a newest-first cursor for a ranked search with 400 {message}', async () => {
    const newest = (await search(ada, 'perPage=1')).json().nextCursor as string;
    const res = await search(ada, `q=growth&before=${newest}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('before must be the nextCursor of an earlier page');
  });

  it('never finds another account’s posts', async () => {
    expect(urls(await search(other, 'q=growth'))).toEqual(['https://x.com/o/growth']);
  });

  it('finds words through the full-text index in a large library', async () => {
    const heavy = await extUser(t);
    await t.db.execute(sql`
      insert into posts (user_id, platform, url, author, text, size_bytes)
      select ${heavy.id}, 'x', 'https://x.com/h/' || g, 'author ' || (g % 97), 'post ' || g || ' about things', 300
      from generate_series(1, 20000) g`);
    await t.db.execute(sql`analyze posts`);
    // The index can answer the words: whether the planner starts from it, from the account's posts or (on a
    // table this small) from a scan is its call by its estimates, so scans are ruled out to ask whether it can.
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute(sql`explain select id from posts
        where search_vector @@ websearch_to_tsquery('english', '12345')`);
    });
    const text = (plan as unknown as { rows: { 'QUERY PLAN': string }[] }).rows
      .map((r) => r['QUERY PLAN'])
      .join('\n');
    expect(text).toContain('posts_search_fts_idx');
    expect(urls(await search(heavy, 'q=12345&perPage=1'))).toEqual(['https://x.com/h/12345']);
  });
});
