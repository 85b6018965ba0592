// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { xPermalink, xReader } from '../../../src-extension/content/platforms/x';
import type { PageContext } from '../../../src-extension/shared/extractedPost';
import { PLATFORM_PAGES_DIR } from '../../fixtures/platforms/pages';
import { loadPlatformPage } from './platformPage';

/** The posts a page offers, as the content script reads them: each post element, and what it extracts. */
function readPage(page: PageContext) {
  const nodes = xReader.findPosts(page.document, page);
  return { nodes, posts: nodes.map((node) => xReader.extract(node, page)) };
}

const status = (handle: string, id: string) => `https://x.com/${handle}/status/${id}`;
const large = (id: string) => `https://pbs.twimg.com/media/${id}?format=jpg&name=large`;

describe('X timeline', () => {
  const page = loadPlatformPage('x/home.html');
  const { nodes, posts } = readPage(page);

  it('finds each post once, outermost: a quoted post is part of the post that quotes it', () => {
    expect(nodes.map((n) => n.querySelector('time')?.getAttribute('datetime') ?? 'ad')).toEqual([
      '2024-05-12T09:30:00.000Z',
      '2024-05-12T07:05:00.000Z',
      'ad',
      '2024-05-12T06:40:00.000Z',
      '2024-05-11T21:15:00.000Z',
      '2024-05-11T12:00:00.000Z',
      '2024-05-11T10:20:00.000Z',
    ]);
    // A subtree the MutationObserver reports: the post itself, or a part inside one, which is no new post.
    expect(xReader.findPosts(nodes[3], page)).toEqual([nodes[3]]);
    expect(xReader.findPosts(nodes[3].querySelector('div[role="link"]')!, page)).toEqual([]);
  });

  it('reads a post: its permalink, author, text with emoji and hashtag, date', () => {
    expect(posts[0]).toStrictEqual({
      platform: 'x',
      url: status('grace', '1789000000000000101'),
      authorName: 'Grace Hopper',
      authorHandle: '@grace',
      text: 'It’s easier to ask forgiveness than it is to get permission.\n\nStill true for compilers 🧮 #COBOL',
      postedAt: '2024-05-12T09:30:00.000Z',
      images: [],
    });
  });

  it('takes every picture of a post, in order, in its large variant, without the avatar', () => {
    expect(posts[1]).toStrictEqual({
      platform: 'x',
      url: status('ada', '1789000000000000102'),
      authorName: 'Ada Lovelace',
      authorHandle: '@ada',
      text: 'Four drawings of the Engine’s mill, from the notes.',
      postedAt: '2024-05-12T07:05:00.000Z',
      images: ['GNa1Mill01XAAbCd', 'GNa1Mill02XAAbCd', 'GNa1Mill03XAAbCd', 'GNa1Mill04XAAbCd'].map(large),
    });
  });

  it('offers no save for an ad', () => {
    expect(posts[2]).toBeNull();
  });

  it('keeps a quoted post as a link: its text and picture are not the post’s', () => {
    expect(posts[3]).toStrictEqual({
      platform: 'x',
      url: status('cbabbage', '1789000000000000103'),
      authorName: 'Charles Babbage',
      authorHandle: '@cbabbage',
      text: 'The first program, and she saw what the machine could become.',
      postedAt: '2024-05-12T06:40:00.000Z',
      images: [],
      quotedUrl: status('ada', '1790000000000000001'),
    });
  });

  it('says so when the timeline shows only the start of a long post (its "Show more" opens the post’s page)', () => {
    expect(posts[4]).toMatchObject({ url: status('ada', '1789000000000000104'), truncated: true });
    expect(posts[4]!.text).toMatch(/^Note G, in brief\. The Engine can arrange .* of the engine…$/);
    // Nothing to click in place: the extractor must not navigate away from the timeline.
    expect(xReader.expand).toBeUndefined();
  });

  it('saves a repost as the original post, by its author', () => {
    expect(posts[5]).toMatchObject({
      url: status('cbabbage', '1788900000000000105'),
      authorName: 'Charles Babbage',
      authorHandle: '@cbabbage',
      images: [large('GMzDiff01XAAbCd')],
    });
  });

  it('leaves a timeline reply’s parent unsaid: "Replying to @ada" names an account, not a post', () => {
    expect(posts[6]).toStrictEqual({
      platform: 'x',
      url: status('grace', '1789000000000000106'),
      authorName: 'Grace Hopper',
      authorHandle: '@grace',
      text: 'A ship in port is safe, but that’s not what ships are built for.',
      postedAt: '2024-05-11T10:20:00.000Z',
      images: [],
    });
  });

  it('puts the Save control at the end of the post’s own action bar', () => {
    const anchor = xReader.controlAnchor(nodes[3]);
    const bar = nodes[3].querySelectorAll('[role="group"]');
    expect(bar).toHaveLength(1);
    expect(anchor).toBe(bar[0].lastElementChild);
  });
});

describe('X post page', () => {
  it('reads the page’s post whole, with the post it answers (the one above it) and its pictures', () => {
    const page = loadPlatformPage('x/status.html');
    const { posts } = readPage(page);
    expect(posts.map((p) => p?.url ?? null)).toEqual([
      status('cbabbage', '1789999999999999001'),
      status('ada', '1790000000000000001'),
      status('grace', '1790000000000000301'),
      null,
    ]);
    const post = posts[1];
    expect(post).toStrictEqual({
      platform: 'x',
      url: status('ada', '1790000000000000001'),
      authorName: 'Ada Lovelace',
      authorHandle: '@ada',
      text: expect.stringMatching(
        /^Yes: Note G\. .*operation cards\.\n\nIt might act upon .* complexity or extent\.$/,
      ),
      postedAt: '2024-05-13T18:41:00.000Z',
      images: [large('GNbBern01XAAbCd'), large('GNbBern02XAAbCd')],
      replyToUrl: status('cbabbage', '1789999999999999001'),
    });
    // The first post of the conversation answers none shown; a reply below the page's post may answer another
    // reply, which the page does not prove.
    expect(posts[0]).not.toHaveProperty('replyToUrl');
    expect(posts[2]).not.toHaveProperty('replyToUrl');
    expect(xReader.pagePost!(page)).toStrictEqual(post);
  });

  it('saves twitter.com addresses as x.com permalinks, without the query or the photo suffix', () => {
    const location = new URL('https://twitter.com/ada/status/1790000000000000001?s=20');
    const html = readFileSync(join(PLATFORM_PAGES_DIR, 'x/status.html'), 'utf8');
    const page = { location, document: new JSDOM(html, { url: location.href }).window.document };
    expect(xReader.pagePost!(page)).toMatchObject({
      url: status('ada', '1790000000000000001'),
      replyToUrl: status('cbabbage', '1789999999999999001'),
    });
    expect(xPermalink('https://mobile.twitter.com/ada/status/42/photo/1?s=20', location)).toBe(
      status('ada', '42'),
    );
    expect(xPermalink('/ada/with_replies', location)).toBeNull();
    expect(xPermalink('https://example.com/ada/status/42', location)).toBeNull();
  });
});

describe('X signed out', () => {
  it('reads the posts beneath the login sheet, and offers none in the sheet', () => {
    const page = loadPlatformPage('x/login-wall.html');
    const { nodes, posts } = readPage(page);
    expect(nodes.some((n) => n.closest('[data-testid="sheetDialog"], [data-testid="BottomBar"]'))).toBe(
      false,
    );
    expect(posts).toStrictEqual([
      {
        platform: 'x',
        url: status('ada', '1789500000000000001'),
        authorName: 'Ada Lovelace',
        authorHandle: '@ada',
        text: 'The Analytical Engine weaves algebraical patterns just as the Jacquard loom weaves flowers and leaves.',
        postedAt: '2024-05-10T08:00:00.000Z',
        images: ['GNcLoom01XAAbCd', 'GNcLoom02XAAbCd', 'GNcLoom03XAAbCd'].map(large),
      },
      {
        platform: 'x',
        url: status('ada', '1789400000000000002'),
        authorName: 'Ada Lovelace',
        authorHandle: '@ada',
        text: 'That brain of mine is something more than merely mortal; as time will show.',
        postedAt: '2024-05-09T15:30:00.000Z',
        images: [],
      },
    ]);
  });

  it('finds no post on the login page; saving the page saves it as a link from its metadata', () => {
    const page = loadPlatformPage('x/login.html');
    expect(xReader.findPosts(page.document, page)).toEqual([]);
    expect(xReader.pagePost!(page)).toMatchObject({
      platform: 'x',
      url: 'https://x.com/i/flow/login',
      title: 'Log in to X / X',
      images: [],
    });
  });
});

describe('X markup the reader does not know', () => {
  it('finds no post, and saves the page’s post from its metadata under its permalink', () => {
    const page = loadPlatformPage('x/unknown.html');
    expect(xReader.findPosts(page.document, page)).toEqual([]);
    expect(xReader.pagePost!(page)).toStrictEqual({
      platform: 'x',
      url: status('grace', '1790000000000000500'),
      authorName: '',
      authorHandle: '',
      text: 'The most dangerous phrase in the language is “We’ve always done it this way.”',
      postedAt: null,
      images: [large('GNdDanger1XAAbCd')],
      title: 'Grace Hopper on X: "The most dangerous phrase in the language" / X',
    });
  });
});
