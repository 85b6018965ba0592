import { describe, expect, it } from 'vitest';
import { libraryCsv, libraryJson } from '../../../src-extension/library/privacy/exportFiles';
import { plainSearch } from '../../../src-extension/library/search/plainSearch';
import { highlightParts } from '../../../src-extension/library/search/highlightParts';
import { buildSearchIndex, searchWords } from '../../../src-extension/library/search/searchIndex';
import { computeStats, lastWeeks, weekStart } from '../../../src-extension/library/state/computeStats';
import { countFacets, topCounts } from '../../../src-extension/library/state/countFacets';
import { filterPosts } from '../../../src-extension/library/state/filterPosts';
import { formatHash, parseHash, toggleValue } from '../../../src-extension/library/state/hashRoute';
import type { LibraryPost } from '../../../src-extension/shared/messages';

// The library page's pure logic: the address, facet counts, the weekly series, search and highlighting, exports.

const NOW = Date.parse('2026-06-17T12:00:00Z'); // a Wednesday
let n = 0;
const post = (f: Partial<LibraryPost> = {}): LibraryPost => ({
  url: `https://example.com/${++n}`,
  platform: 'x',
  author: 'Ada',
  authorHandle: '@ada',
  title: '',
  text: '',
  postedAt: null,
  savedAt: new Date(NOW).toISOString(),
  state: 'saved',
  tags: [],
  category: null,
  ...f,
});

describe('the address', () => {
  it('reads and writes the view and filters, tags and platforms repeated', () => {
    const route = parseHash('#/analytics?q=seo%20tips&tag=growth&tag=design&platform=x&category=marketing');
    expect(route).toEqual({
      view: 'analytics',
      filters: { q: 'seo tips', tags: ['growth', 'design'], platforms: ['x'], category: 'marketing' },
    });
    expect(formatHash(route)).toBe(
      '#/analytics?q=seo+tips&tag=growth&tag=design&platform=x&category=marketing',
    );
    expect(formatHash({ view: 'posts', filters: { tags: ['growth'], platforms: ['x'] } })).toBe(
      '#/?tag=growth&platform=x',
    );
  });

  it('falls back to the feed with no filters for an empty or unknown address, and drops repeats', () => {
    expect(parseHash('')).toEqual({ view: 'posts', filters: { tags: [], platforms: [] } });
    expect(parseHash('#/nowhere?tag=a&tag=a&tag=')).toEqual({
      view: 'posts',
      filters: { tags: ['a'], platforms: [] },
    });
    expect(toggleValue(['a', 'b'], 'a')).toEqual(['b']);
    expect(toggleValue(['a'], 'b')).toEqual(['a', 'b']);
  });
});

describe('facets', () => {
  const posts = [
    post({ platform: 'x', tags: ['growth', 'seo'], category: 'marketing' }),
    post({ platform: 'x', tags: ['growth'], category: 'marketing' }),
    post({ platform: 'reddit', tags: ['design'], category: 'design' }),
    post({ platform: 'linkedin', tags: ['growth'] }),
  ];

  it('counts by count then name; tags must all match, platforms any, one category', () => {
    expect(topCounts(['b', 'a', 'b', 'c', 'a', 'b'])).toEqual([
      { value: 'b', count: 3 },
      { value: 'a', count: 2 },
      { value: 'c', count: 1 },
    ]);
    expect(filterPosts(posts, { tags: ['growth', 'seo'], platforms: [] })).toHaveLength(1);
    expect(filterPosts(posts, { tags: [], platforms: ['x', 'reddit'] })).toHaveLength(3);
    expect(filterPosts(posts, { tags: [], platforms: [], category: 'marketing' })).toHaveLength(2);
  });

  it('each group counts under the other groups’ filters, so a picked platform still shows the others', () => {
    const facets = countFacets(posts, { tags: ['growth'], platforms: ['x'] });
    expect(facets.total).toBe(2);
    expect(facets.platforms).toEqual([
      { value: 'x', count: 2 },
      { value: 'linkedin', count: 1 },
    ]);
    expect(facets.tags).toEqual([
      { value: 'growth', count: 2 },
      { value: 'seo', count: 1 },
    ]);
    expect(facets.categories).toEqual([{ value: 'marketing', count: 2 }]);
  });
});

describe('analytics series', () => {
  it('weeks start on Monday (UTC); the last 12, oldest first, the current one last', () => {
    expect(weekStart(NOW)).toBe('2026-06-15');
    expect(weekStart(Date.parse('2026-06-14T23:59:59Z'))).toBe('2026-06-08');
    const weeks = lastWeeks(NOW);
    expect(weeks).toHaveLength(12);
    expect(weeks[0]).toBe('2026-03-30');
    expect(weeks[11]).toBe('2026-06-15');
  });

  it('counts saves per week (zero-filled, older ones left out), by platform, top tags and top authors', () => {
    const day = 86_400_000;
    const stats = computeStats(
      [
        post({ savedAt: new Date(NOW).toISOString(), tags: ['a'], author: 'Ada' }),
        post({
          savedAt: new Date(NOW - 2 * day).toISOString(),
          platform: 'reddit',
          author: '',
          authorHandle: 'u/b',
        }),
        post({ savedAt: new Date(NOW - 20 * day).toISOString(), tags: ['a', 'b'] }),
        post({ savedAt: new Date(NOW - 200 * day).toISOString() }),
      ],
      NOW,
    );
    expect(stats.total).toBe(4);
    expect(stats.weekly.map((w) => w.count)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 2]);
    expect(stats.platforms).toEqual([
      { value: 'x', count: 3 },
      { value: 'reddit', count: 1 },
    ]);
    expect(stats.tags[0]).toEqual({ value: 'a', count: 2 });
    expect(stats.authors).toEqual([
      { value: 'Ada', count: 3 },
      { value: 'u/b', count: 1 },
    ]);
  });
});

describe('search', () => {
  const posts = [
    post({ text: 'Some thoughts on growth among other things' }),
    post({ text: 'Loops', tags: ['growth'] }),
    post({ text: 'Design systems', author: 'Growth Weekly' }),
    post({ text: 'Nothing related' }),
  ];

  it('ranks tags and authors above a mention in the text; typos and beginnings match', async () => {
    const index = await buildSearchIndex(posts);
    const urls = index.search('growth').map((h) => h.url);
    expect(urls).toHaveLength(3);
    expect(urls[2]).toBe(posts[0]!.url);
    expect(index.search('grovth').map((h) => h.url)).toHaveLength(3);
    expect(index.search('desig').map((h) => h.url)).toEqual([posts[2]!.url]);
    expect(index.search('growth design').map((h) => h.url)).toEqual([posts[2]!.url]);
  });

  it('leaves a lone last letter out (the start of the next word), and a lone letter is no search', () => {
    expect(searchWords('  growth d ')).toBe('growth');
    expect(searchWords('g')).toBe('');
    expect(searchWords('growth de')).toBe('growth de');
  });

  it('a plain word match answers while the index is built', () => {
    const { found, terms } = plainSearch(posts, 'grow');
    expect(found.map((p) => p.url)).toEqual([posts[0]!.url, posts[1]!.url, posts[2]!.url]);
    expect(terms.get(posts[0]!.url)).toEqual(['growth']);
  });

  it('marks the matched words only, in any case, leaving the rest as text', () => {
    expect(highlightParts('Growth, growing: GROWTH!', ['growth'])).toEqual([
      { text: 'Growth', mark: true },
      { text: ', growing: ', mark: false },
      { text: 'GROWTH', mark: true },
      { text: '!', mark: false },
    ]);
    expect(highlightParts('<b>x</b>', [])).toEqual([{ text: '<b>x</b>', mark: false }]);
  });
});

describe('exports', () => {
  it('CSV quotes every cell and neutralises cells a spreadsheet would run', () => {
    const csv = libraryCsv([post({ author: '=HYPERLINK("x")', text: '@cmd', title: '-1', tags: ['+a'] })]);
    const [head, row] = csv.split('\r\n');
    expect(head!.startsWith('"url","platform","author","authorHandle","title","text"')).toBe(true);
    expect(row).toContain('"\'=HYPERLINK(""x"")"');
    expect(row).toContain('"\'@cmd"');
    expect(row).toContain('"\'-1"');
    expect(row).toContain('"\'+a"');
  });

  it('JSON keeps every field, lists as lists', () => {
    const p = post({ tags: ['a', 'b'], images: ['https://i.redd.it/1.jpg'], postId: 'id-1' });
    const data = JSON.parse(libraryJson([p], '2026-06-17T12:00:00.000Z')) as { posts: LibraryPost[] };
    expect(data.posts).toEqual([p]);
  });
});
