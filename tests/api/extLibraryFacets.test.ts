import { beforeAll, describe, expect, it } from 'vitest';
import { sharedTestApp } from './harness';
import { sharedExtUser, type ExtUser } from './fixtures';
import { savePost } from './extHarness';
import { setPostLabels } from '../../src-server/ext/postsService';
import { DAY_MS } from '../../src-server/clock';

// The library's sidebar and analytics: counted by the database over the account's posts, under the search and
// the filters the page shows, never another account's.
const t = sharedTestApp();
const ada = sharedExtUser(t);
const other = sharedExtUser(t);

/** A Wednesday: its week starts on Monday 16 March 2026 (UTC). */
const NOW = new Date('2026-03-18T10:00:00Z');

const LIBRARY = [
  {
    at: '2026-03-18T09:00:00Z',
    post: {
      platform: 'x',
      url: 'https://x.com/a/1',
      author: 'Ada Lovelace',
      text: 'Growth loops for startups',
    },
    tags: ['growth', 'startups'],
    category: 'business',
  },
  {
    at: '2026-03-10T12:00:00Z',
    post: {
      platform: 'linkedin',
      url: 'https://linkedin.com/a/2',
      author: 'Grace Hopper',
      text: 'Hiring now',
    },
    tags: ['hiring'],
    category: 'career',
  },
  {
    at: '2026-02-25T08:00:00Z',
    post: { platform: 'x', url: 'https://x.com/a/3', author: 'Ada Lovelace', text: 'Growth of compilers' },
    tags: ['growth'],
    category: 'technology',
  },
  {
    // The first moment of the oldest week shown.
    at: '2025-12-29T00:00:00Z',
    post: {
      platform: 'reddit',
      url: 'https://reddit.com/a/4',
      authorHandle: 'u/linus',
      text: 'Kernel notes',
    },
    tags: [],
    category: null,
  },
  {
    // Thirteen weeks ago: in the total, before the weekly series.
    at: '2025-12-15T00:00:00Z',
    post: { platform: 'pinterest', url: 'https://pinterest.com/a/5', author: 'Maya', text: 'Garden ideas' },
    tags: ['diy'],
    category: null,
  },
];

beforeAll(async () => {
  for (const { at, post, tags, category } of LIBRARY) {
    t.clock.set(new Date(at));
    const res = await savePost(t, ada, post);
    expect(res.statusCode).toBe(201);
    await t.db.transaction((tx) =>
      setPostLabels(tx, ada.id, res.json().post.id, { tags, category }, t.clock.now()),
    );
  }
  // Another account's growth posts are never counted.
  const res = await savePost(t, other, { platform: 'x', url: 'https://x.com/o/1', text: 'Growth growth' });
  await t.db.transaction((tx) =>
    setPostLabels(
      tx,
      other.id,
      res.json().post.id,
      { tags: ['growth'], category: 'business' },
      t.clock.now(),
    ),
  );
  t.clock.set(NOW);
});

const get = (u: ExtUser, path: string) =>
  t.app.inject({ method: 'GET', url: `/api/ext/library/${path}`, headers: u.headers });

describe('GET /api/ext/library/facets', () => {
  it('counts the account’s posts by platform, tag and category, the most first', async () => {
    const res = await get(ada, 'facets');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      total: 5,
      platforms: [
        { value: 'x', count: 2 },
        { value: 'linkedin', count: 1 },
        { value: 'pinterest', count: 1 },
        { value: 'reddit', count: 1 },
      ],
      tags: [
        { value: 'growth', count: 2 },
        { value: 'diy', count: 1 },
        { value: 'hiring', count: 1 },
        { value: 'startups', count: 1 },
      ],
      categories: [
        { value: 'business', count: 1 },
        { value: 'career', count: 1 },
        { value: 'technology', count: 1 },
      ],
    });
  });

  it('follows the search: only the posts it finds are counted', async () => {
    expect((await get(ada, 'facets?q=growth')).json()).toEqual({
      total: 2,
      platforms: [{ value: 'x', count: 2 }],
      tags: [
        { value: 'growth', count: 2 },
        { value: 'startups', count: 1 },
      ],
      categories: [
        { value: 'business', count: 1 },
        { value: 'technology', count: 1 },
      ],
    });
  });

  it('narrows by every tag picked, and shows what another platform or category would add', async () => {
    const byTags = (await get(ada, 'facets?tag=growth&tag=startups')).json();
    expect(byTags.total).toBe(1);
    expect(byTags.tags).toEqual([
      { value: 'growth', count: 1 },
      { value: 'startups', count: 1 },
    ]);
    // Picking X keeps LinkedIn, Pinterest and Reddit in the list with their counts; the rest counts X only.
    const onX = (await get(ada, 'facets?platform=x')).json();
    expect(onX.total).toBe(2);
    expect(onX.platforms).toHaveLength(4);
    expect(onX.tags).toEqual([
      { value: 'growth', count: 2 },
      { value: 'startups', count: 1 },
    ]);
    const either = (await get(ada, 'facets?platform=x&platform=linkedin')).json();
    expect(either.total).toBe(3);
    expect(either.categories).toHaveLength(3);
    const career = (await get(ada, 'facets?category=career')).json();
    expect(career.total).toBe(1);
    expect(career.platforms).toEqual([{ value: 'linkedin', count: 1 }]);
    expect(career.categories).toHaveLength(3);
  });

  it('counts nothing of another account', async () => {
    expect((await get(other, 'facets')).json()).toMatchObject({
      total: 1,
      tags: [{ value: 'growth', count: 1 }],
    });
  });

  it('answers bad filters with 400 {message}, and a missing session with 401', async () => {
    for (const query of ['platform=myspace', 'category=gossip', `q=${'a'.repeat(201)}`]) {
      const res = await get(ada, `facets?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    const res = await t.app.inject({ method: 'GET', url: '/api/ext/library/facets' });
    expect(res.statusCode).toBe(401);
  });
});

const WEEKS = [
  '2025-12-29',
  '2026-01-05',
  '2026-01-12',
  '2026-01-19',
  '2026-01-26',
  '2026-02-02',
  '2026-02-09',
  '2026-02-16',
  '2026-02-23',
  '2026-03-02',
  '2026-03-09',
  '2026-03-16',
];
/** The weekly series with `counts` ({weekStart: count}) and zero elsewhere. */
const weekly = (weeks: string[], counts: Record<string, number>) =>
  weeks.map((weekStart) => ({ weekStart, count: counts[weekStart] ?? 0 }));

describe('GET /api/ext/library/stats', () => {
  it('gives saves per week for the last 12 weeks (Mondays, zero-filled), by platform, top tags and authors', async () => {
    const res = await get(ada, 'stats');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      total: 5,
      weekly: weekly(WEEKS, { '2025-12-29': 1, '2026-02-23': 1, '2026-03-09': 1, '2026-03-16': 1 }),
      platforms: [
        { value: 'x', count: 2 },
        { value: 'linkedin', count: 1 },
        { value: 'pinterest', count: 1 },
        { value: 'reddit', count: 1 },
      ],
      tags: [
        { value: 'growth', count: 2 },
        { value: 'diy', count: 1 },
        { value: 'hiring', count: 1 },
        { value: 'startups', count: 1 },
      ],
      // A save without a display name counts under its handle.
      authors: [
        { value: 'Ada Lovelace', count: 2 },
        { value: 'Grace Hopper', count: 1 },
        { value: 'Maya', count: 1 },
        { value: 'u/linus', count: 1 },
      ],
    });
  });

  it('is computed on the same search and filters', async () => {
    const found = (await get(ada, 'stats?q=growth&platform=x')).json();
    expect(found.total).toBe(2);
    expect(found.weekly).toEqual(weekly(WEEKS, { '2026-02-23': 1, '2026-03-16': 1 }));
    expect(found.authors).toEqual([{ value: 'Ada Lovelace', count: 2 }]);
    const none = (await get(ada, 'stats?tag=nothing-here')).json();
    expect(none).toEqual({ total: 0, weekly: weekly(WEEKS, {}), platforms: [], tags: [], authors: [] });
  });

  it('moves its weeks with time: a week later the oldest week is gone', async () => {
    t.clock.set(new Date(NOW.getTime() + 7 * DAY_MS));
    try {
      const later = (await get(ada, 'stats')).json();
      expect(later.weekly.map((w: { weekStart: string }) => w.weekStart)).toEqual([
        ...WEEKS.slice(1),
        '2026-03-23',
      ]);
      expect(later.weekly.reduce((n: number, w: { count: number }) => n + w.count, 0)).toBe(3);
    } finally {
      t.clock.set(NOW);
    }
  });
});
