// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { redditPermalink, redditReader } from '../../../src-extension/content/platforms/reddit';
import { loadPlatformPage } from './platformPage';

/** The posts a page offers, as the content script reads them: each post element, and what it extracts. */
function readPage(file: string) {
  const page = loadPlatformPage(file);
  const nodes = redditReader.findPosts(page.document, page);
  return { page, nodes, posts: nodes.map((node) => redditReader.extract(node, page)) };
}

const reddit = (path: string) => `https://www.reddit.com/r/typography/comments/${path}`;
const ASCENDERS = reddit('1cq1abc/why_do_old_typefaces_have_such_tall_ascenders/');
const ASCENDERS_POST = {
  platform: 'reddit',
  url: ASCENDERS,
  authorName: '',
  authorHandle: 'u/ada_l',
  title: 'Why do old typefaces have such tall ascenders?',
  text:
    'Looking at Caslon and Jenson specimens side by side with modern faces, the ascenders reach well above the cap height.\n\n' +
    'Was it:\n\n' +
    'the metal, since a tall ascender needed no kern,\nor simply taste?\n\n' +
    'Specimens from the 1734 sheet are in the comments.',
  postedAt: '2024-05-13T08:15:30.123Z',
  images: [],
};
const KERNING_POST = {
  platform: 'reddit',
  url: reddit('1cq2def/kerning_pairs_i_cut_by_hand_1923_style/'),
  authorName: '',
  authorHandle: 'u/grace_h',
  title: 'Kerning pairs I cut by hand, 1923 style',
  text: '',
  postedAt: '2024-05-12T22:40:05.000Z',
  images: ['https://i.redd.it/k3rn1ngx0a1d1.jpeg'],
};

describe('new Reddit feed', () => {
  const { nodes, posts } = readPage('reddit/feed.html');

  it('finds each post once, the ad among them', () => {
    expect(nodes.map((n) => n.id)).toEqual([
      't3_1cq1abc',
      't3_1cq2def',
      't3_1cqadsx',
      't3_1cq3ghi',
      't3_1cq4jkl',
    ]);
    expect(redditReader.findPosts(nodes[0], loadPlatformPage('reddit/feed.html'))).toEqual([nodes[0]]);
  });

  it('reads a text post: its title apart, the whole body the feed clamps, the author’s handle, the date', () => {
    expect(posts[0]).toStrictEqual(ASCENDERS_POST);
  });

  it('saves an image post’s original picture, not the previews the page shows', () => {
    expect(posts[1]).toStrictEqual(KERNING_POST);
  });

  it('offers no save for a promoted post', () => {
    expect(posts[2]).toBeNull();
  });

  it('takes every picture of a gallery, the lazy ones too, each in the largest size the page offers', () => {
    const preview = (id: string, s: number) =>
      `https://preview.redd.it/specimen-sheet-v0-${id}.jpg?width=1080&format=pjpg&auto=webp&s=${s}`;
    expect(posts[3]).toStrictEqual({
      platform: 'reddit',
      url: reddit('1cq3ghi/three_specimen_sheets_from_the_same_foundry/'),
      authorName: '',
      authorHandle: 'u/cbabbage',
      title: 'Three specimen sheets from the same foundry',
      text: '',
      postedAt: '2024-05-12T19:11:48.000Z',
      images: [preview('a1b2c3d4e5f6', 12), preview('b2c3d4e5f6a7', 22), preview('c3d4e5f6a7b8', 32)],
    });
  });

  it('keeps a link post’s thumbnail out: it is the linked site’s picture', () => {
    expect(posts[4]).toMatchObject({ title: 'The history of the long s', images: [] });
  });
});

describe('new Reddit post page', () => {
  const { page, nodes, posts } = readPage('reddit/post.html');

  it('offers the post and each comment, a reply nested in a comment as a post of its own', () => {
    expect(nodes.map((n) => n.id || n.getAttribute('thingid'))).toEqual([
      't3_1cq1abc',
      't1_l3a1b2c',
      't1_l3a4d5e',
      't1_l3a6f7g',
    ]);
    expect(posts[0]).toStrictEqual(ASCENDERS_POST);
    expect(redditReader.pagePost!(page)).toStrictEqual(ASCENDERS_POST);
  });

  it('saves a comment as a reply: a comment answers the post, a nested reply the comment above it', () => {
    expect(posts[1]).toStrictEqual({
      platform: 'reddit',
      url: reddit('1cq1abc/comment/l3a1b2c/'),
      authorName: '',
      authorHandle: 'u/grace_h',
      text: 'Metal, mostly. A descender or ascender that overhangs the body needs a kern, and kerns break.',
      postedAt: '2024-05-13T09:02:11.000Z',
      images: [],
      replyToUrl: ASCENDERS,
    });
    expect(posts[2]).toStrictEqual({
      platform: 'reddit',
      url: reddit('1cq1abc/comment/l3a4d5e/'),
      authorName: '',
      authorHandle: 'u/ada_l',
      text: 'Then why did the Didones keep them short?\nTheir metal was the same.',
      postedAt: '2024-05-13T09:20:45.000Z',
      images: [],
      replyToUrl: reddit('1cq1abc/comment/l3a1b2c/'),
    });
    expect(posts[3]).toMatchObject({
      text: 'Here is the 1734 sheet:',
      images: [
        'https://preview.redd.it/caslon-1734-v0-q1w2e3r4t5y6.png?width=1500&format=png&auto=webp&s=9e',
      ],
      replyToUrl: ASCENDERS,
    });
  });

  it('puts the Save control in a part Reddit shows: the post’s credit bar, a comment’s action row', () => {
    expect(redditReader.controlAnchor(nodes[0]).parentElement?.getAttribute('slot')).toBe('credit-bar');
    expect(redditReader.controlAnchor(nodes[1]).parentElement).toBe(
      nodes[1].querySelector(':scope > shreddit-comment-action-row'),
    );
    // The nested reply's control goes into its own action row, not its parent's.
    expect(redditReader.controlAnchor(nodes[2]).closest('shreddit-comment')).toBe(nodes[2]);
  });
});

describe('Reddit signed out', () => {
  it('reads the post and comment beneath the log-in dialog, and offers nothing in the dialog', () => {
    const { nodes, posts } = readPage('reddit/login-wall.html');
    expect(nodes.some((n) => n.closest('[role="dialog"]'))).toBe(false);
    expect(posts).toStrictEqual([
      {
        platform: 'reddit',
        url: reddit('1cq5mno/a_specimen_sheet_from_1923_found_in_a_drawer/'),
        authorName: '',
        authorHandle: 'u/grace_h',
        title: 'A specimen sheet from 1923, found in a drawer',
        text: '',
        postedAt: '2024-05-11T07:30:00.000Z',
        images: ['https://i.redd.it/sp3c1923dr4w.png'],
      },
      {
        platform: 'reddit',
        url: reddit('1cq5mno/comment/l3b8h9i/'),
        authorName: '',
        authorHandle: 'u/cbabbage',
        text: 'That is Monotype’s Series 110. Keep it flat and out of the light.',
        postedAt: '2024-05-11T08:12:00.000Z',
        images: [],
        replyToUrl: reddit('1cq5mno/a_specimen_sheet_from_1923_found_in_a_drawer/'),
      },
    ]);
  });
});

describe('old Reddit', () => {
  it('reads a listing as new Reddit’s feed: a self post’s hidden body from its expando, an image post’s original', () => {
    const { nodes, posts } = readPage('reddit/old-listing.html');
    expect(nodes.map((n) => n.getAttribute('data-fullname'))).toEqual([
      't3_1cqadsx',
      't3_1cq1abc',
      't3_1cq2def',
    ]);
    expect(posts).toStrictEqual([null, ASCENDERS_POST, KERNING_POST]);
  });

  it('saves a post and its comments under the same permalinks as new Reddit, replies included', () => {
    const old = readPage('reddit/old-post.html').posts;
    const current = readPage('reddit/post.html').posts;
    expect(old).toHaveLength(3);
    expect(old[0]).toStrictEqual(ASCENDERS_POST);
    expect(old[1]).toStrictEqual(current[1]);
    expect(old[2]).toStrictEqual(current[2]);
  });

  it('puts the Save control after the last of the post’s or comment’s own buttons', () => {
    const { nodes } = readPage('reddit/old-post.html');
    const anchor = redditReader.controlAnchor(nodes[1]);
    expect(anchor.matches('ul.buttons > li:last-child')).toBe(true);
    expect(anchor.closest('.thing')).toBe(nodes[1]);
  });
});

describe('Reddit markup the reader does not know', () => {
  it('finds no post, and saves the page’s post from its JSON-LD and Open Graph under its permalink', () => {
    const page = loadPlatformPage('reddit/unknown.html');
    expect(redditReader.findPosts(page.document, page)).toEqual([]);
    expect(redditReader.pagePost!(page)).toStrictEqual({
      platform: 'reddit',
      url: reddit('1cq6pqr/the_golden_ratio_in_book_design_measured_on_40/'),
      authorName: '',
      authorHandle: 'u/ada_l',
      title: 'From the typography community on Reddit: The golden ratio in book design, measured on 40 books',
      text: 'I measured the text block of forty books printed between 1480 and 1960. Thirty-one come within 2% of the golden section.',
      postedAt: '2024-05-09T18:22:07.000Z',
      images: ['https://i.redd.it/g0ld3nr4t10x.png'],
    });
  });
});

describe('Reddit permalinks', () => {
  it('name a post or comment on www.reddit.com whatever the host or form', () => {
    expect(redditPermalink('https://old.reddit.com/r/typography/comments/1cq1abc/why/?sort=new')).toBe(
      reddit('1cq1abc/why/'),
    );
    expect(redditPermalink('https://np.reddit.com/r/typography/comments/1cq1abc/why/l3a1b2c/')).toBe(
      reddit('1cq1abc/comment/l3a1b2c/'),
    );
    expect(redditPermalink('/u/ada_l/comments/1cq9xyz/')).toBe(
      'https://www.reddit.com/user/ada_l/comments/1cq9xyz/',
    );
    expect(redditPermalink('/r/typography/')).toBeNull();
    expect(redditPermalink('https://notreddit.com/r/typography/comments/1cq1abc/')).toBeNull();
  });
});
