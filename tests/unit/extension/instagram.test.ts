// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { instagramPermalink, instagramReader } from '../../../src-extension/content/platforms/instagram';
import { loadPlatformPage } from './platformPage';

/** The posts a page offers, as the content script reads them; the page's own scripts run ("… more"). */
function readPage(file: string) {
  const page = loadPlatformPage(file, { runScripts: true });
  const nodes = instagramReader.findPosts(page.document, page);
  return { page, nodes, posts: nodes.map((node) => instagramReader.extract(node, page)) };
}

const cdn = (path: string) => `https://scontent-lhr8-1.cdninstagram.com/v/t51.29350-15/${path}`;

describe('Instagram feed', () => {
  it('finds each post once; a subtree inside a post is no new post', () => {
    const { page, nodes } = readPage('instagram/feed.html');
    expect(nodes.map((n) => n.querySelector('time')?.getAttribute('datetime') ?? 'ad')).toEqual([
      '2026-11-24T15:02:11.000Z',
      '2026-11-23T18:40:00.000Z',
      'ad',
      '2026-11-22T08:00:00.000Z',
    ]);
    expect(instagramReader.findPosts(nodes[1], page)).toEqual([nodes[1]]);
    expect(instagramReader.findPosts(nodes[1].querySelector('ul')!, page)).toEqual([]);
  });

  it('expands a caption cut at "… more" before reading it whole', async () => {
    const { page, nodes, posts } = readPage('instagram/feed.html');
    const start = {
      platform: 'instagram',
      url: 'https://www.instagram.com/p/DBx1aBcDeFg/',
      authorName: 'nasa',
      authorHandle: '@nasa',
      text: 'Tonight the Moon passes in front of Saturn. 🪐',
      postedAt: '2026-11-24T15:02:11.000Z',
      images: [
        cdn(
          '468123001_moon_n.jpg?stp=dst-jpg_e35_p1080x1080&_nc_ht=scontent-lhr8-1.cdninstagram.com&oh=00_m1080&oe=6750C3D4',
        ),
      ],
    };
    // Read before the click (as the control is placed): the start, marked as such.
    expect(posts[0]).toStrictEqual({ ...start, truncated: true });
    await instagramReader.expand!(nodes[0]);
    expect(instagramReader.extract(nodes[0], page)).toStrictEqual({
      ...start,
      text:
        'Tonight the Moon passes in front of Saturn. 🪐\n\n' +
        'Look south-east after 9 pm: the rings disappear behind the Moon’s edge at 21:47 and come back an hour later.\n\n' +
        'Credit: NASA/JPL-Caltech',
    });
  });

  it('reads every slide of a carousel at its widest, without the profile picture', () => {
    const { posts } = readPage('instagram/feed.html');
    expect(posts[1]).toStrictEqual({
      platform: 'instagram',
      url: 'https://www.instagram.com/p/DBw9ZyXwVuT/',
      authorName: 'natgeo',
      authorHandle: '@natgeo',
      text: 'Three days on the trail of a red fox in Yellowstone. #wildlife',
      postedAt: '2026-11-23T18:40:00.000Z',
      images: [
        cdn('fox1_n.jpg?stp=dst-jpg_e35&oh=00_f1big&oe=6750C3D4'),
        cdn('fox2_n.jpg?stp=dst-jpg_e35&oh=00_f2big&oe=6750C3D4'),
        cdn('fox3_n.jpg?stp=dst-jpg_e35_p640x640&oh=00_f3&oe=6750C3D4'),
      ],
    });
  });

  it('offers no Save control on a sponsored post', () => {
    const { posts } = readPage('instagram/feed.html');
    expect(posts[2]).toBeNull();
  });

  it('reads a reel under its /reel/ permalink', () => {
    const { posts } = readPage('instagram/feed.html');
    expect(posts[3]).toStrictEqual({
      platform: 'instagram',
      url: 'https://www.instagram.com/reel/DBv8QrStUvW/',
      authorName: 'bbcearth',
      authorHandle: '@bbcearth',
      text: 'Puffins, at last.',
      postedAt: '2026-11-22T08:00:00.000Z',
      images: [],
    });
  });

  it('puts the Save control in the action bar, after Instagram’s own Save', () => {
    const { nodes } = readPage('instagram/feed.html');
    const anchor = instagramReader.controlAnchor(nodes[0]);
    expect(anchor.querySelector('svg')?.getAttribute('aria-label')).toBe('Save');
    expect(anchor.parentElement?.tagName).toBe('SECTION');
  });
});

describe('Instagram post page', () => {
  it('reads the post with the display name from the page’s head, and not its comments or their replies', () => {
    const { page, nodes, posts } = readPage('instagram/post.html');
    expect(nodes).toHaveLength(1);
    const post = {
      platform: 'instagram',
      url: 'https://www.instagram.com/p/DBu7PoNmLkJ/',
      authorName: 'NASA',
      authorHandle: '@nasa',
      text: 'Earthrise, 58 years on.\nBill Anders took it from lunar orbit on Christmas Eve 1968. #apollo8 #earth',
      postedAt: '2026-11-20T16:30:00.000Z',
      images: [
        cdn(
          'earthrise_n.jpg?stp=dst-jpg_e35_p1080x1080&_nc_ht=scontent-lhr8-1.cdninstagram.com&oh=00_e1080&oe=6750C3D4',
        ),
      ],
    };
    expect(posts).toStrictEqual([post]);
    expect(instagramReader.pagePost!(page)).toStrictEqual(post);
  });

  it('reads the post a signed-out visitor sees behind the log-in dialog, both carousel pictures included', () => {
    const { page, posts } = readPage('instagram/login-wall.html');
    const post = {
      platform: 'instagram',
      url: 'https://www.instagram.com/p/DBt6OnMlKjI/',
      authorName: 'ESA',
      authorHandle: '@esa',
      text: 'Two views of the same storm: Sentinel-3 in visible light, and in infrared.',
      postedAt: '2026-11-21T11:45:30.000Z',
      images: [
        cdn('storm1_n.jpg?stp=dst-jpg_e35_p1080x1080&oh=00_s1080&oe=6750C3D4'),
        cdn('storm2_n.jpg?stp=dst-jpg_e35_p1080x1080&oh=00_s2080&oe=6750C3D4'),
      ],
    };
    expect(posts).toStrictEqual([post]);
    expect(instagramReader.pagePost!(page)).toStrictEqual(post);
  });

  it('falls back to the page’s head when the markup is unknown: name, username and caption from Open Graph', () => {
    const { page, nodes } = readPage('instagram/unknown-structure.html');
    expect(nodes).toEqual([]);
    expect(instagramReader.pagePost!(page)).toStrictEqual({
      platform: 'instagram',
      url: 'https://www.instagram.com/reel/DBs5NmLkJiH/',
      authorName: 'BBC Earth',
      authorHandle: '@bbcearth',
      text: 'Emperor penguins huddle through the polar night, taking turns at the cold edge.',
      postedAt: null,
      images: [cdn('penguins_n.jpg?stp=dst-jpg_e15_s640x640&oh=00_pg&oe=6750C3D4')],
    });
  });

  it('makes a post’s canonical permalink from the ways Instagram links it, and no comment’s', () => {
    const base = new URL('https://www.instagram.com/');
    expect(instagramPermalink('/nasa/p/DBu7PoNmLkJ/', base)).toBe('https://www.instagram.com/p/DBu7PoNmLkJ/');
    expect(instagramPermalink('/reel/DBs5NmLkJiH', base)).toBe('https://www.instagram.com/reel/DBs5NmLkJiH/');
    expect(instagramPermalink('/p/DBu7PoNmLkJ/c/17900000000000001/', base)).toBeNull();
    expect(instagramPermalink('https://example.com/p/DBu7PoNmLkJ/', base)).toBeNull();
  });
});
