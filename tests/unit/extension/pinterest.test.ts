// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { pinterestPermalink, pinterestReader } from '../../../src-extension/content/platforms/pinterest';
import { loadPlatformPage } from './platformPage';

/** The pins a page offers, as the content script reads them; the page's own scripts run ("more"). */
function readPage(file: string) {
  const page = loadPlatformPage(file, { runScripts: true });
  const nodes = pinterestReader.findPosts(page.document, page);
  return { page, nodes, posts: nodes.map((node) => pinterestReader.extract(node, page)) };
}

const pin = (id: string) => `https://www.pinterest.com/pin/${id}/`;
const pinimg = (path: string) => `https://i.pinimg.com/${path}`;

const readingNook = {
  platform: 'pinterest',
  url: pin('1055599905123456'),
  authorName: 'Home Design Lab',
  authorHandle: '@homedesignlab',
  text:
    'A corner that used to hold boxes: a teak armchair found at a flea market, a brass floor lamp, and shelves ' +
    'built into the wall to the ceiling. The cushion is linen, the throw is wool, and the whole thing cost less ' +
    'than a new sofa. Plans for the shelves are on the blog.',
  postedAt: '2026-10-03T18:22:41.000Z',
  images: [pinimg('originals/3c/9a/1f/3c9a1f0b7e5d4c2a1b0f9e8d7c6b5a49.jpg')],
  title: 'Mid-century reading nook',
};

describe('Pinterest grid', () => {
  it('finds each grid item once; a promoted pin and a board card are offered no control', () => {
    const { page, nodes, posts } = readPage('pinterest/home.html');
    expect(nodes).toHaveLength(5);
    expect(nodes.every((n) => n.hasAttribute('data-grid-item'))).toBe(true);
    expect(posts.map((p) => p?.url ?? null)).toEqual([
      pin('1055599905123456'),
      pin('1055599905654321'),
      pin('1055599905999001'),
      null, // promoted
      null, // a board, not a pin
    ]);
    expect(pinterestReader.findPosts(nodes[0].querySelector('[data-test-id="pin"]')!, page)).toEqual([]);
  });

  it('reads a grid pin with its title, creator and the originals of its picture', () => {
    const { posts } = readPage('pinterest/home.html');
    expect(posts[0]).toStrictEqual({
      platform: 'pinterest',
      url: pin('1055599905123456'),
      authorName: 'Home Design Lab',
      authorHandle: '@homedesignlab',
      text: 'A reading nook with a teak armchair, a floor lamp and built-in shelves',
      postedAt: null,
      images: [pinimg('originals/3c/9a/1f/3c9a1f0b7e5d4c2a1b0f9e8d7c6b5a49.jpg')],
      title: 'Mid-century reading nook',
    });
  });

  it('takes a thumbnail at the 736 px size every pin has, and no text Pinterest wrote from the picture', () => {
    const { posts } = readPage('pinterest/home.html');
    expect(posts[1]).toStrictEqual({
      platform: 'pinterest',
      url: pin('1055599905654321'),
      authorName: '',
      authorHandle: '',
      text: 'Dried lavender in a speckled stoneware vase',
      postedAt: null,
      images: [pinimg('736x/9e/42/b7/9e42b7aa01c3d5e7f9081726354453de.jpg')],
    });
    expect(posts[2]).toStrictEqual({
      platform: 'pinterest',
      url: pin('1055599905999001'),
      authorName: '',
      authorHandle: '',
      text: '',
      postedAt: null,
      images: [pinimg('736x/0d/5e/6f/0d5e6f7a8b9c0d1e2f3a4b5c6d7e8f90.jpg')],
    });
  });
});

describe('Pinterest pin page', () => {
  it('reads the closeup whole from the head it matches, its date from JSON-LD; comments are no pins', () => {
    const { page, nodes, posts } = readPage('pinterest/pin.html');
    // The closeup, then the pins under it (one promoted).
    expect(nodes).toHaveLength(3);
    expect(posts).toStrictEqual([
      readingNook,
      {
        platform: 'pinterest',
        url: pin('1055599905222333'),
        authorName: '',
        authorHandle: '',
        text: 'Window seat with storage drawers',
        postedAt: null,
        images: [pinimg('736x/11/22/33/112233445566778899aabbccddeeff00.jpg')],
      },
      null,
    ]);
    expect(pinterestReader.pagePost!(page)).toStrictEqual(readingNook);
    const anchor = pinterestReader.controlAnchor(nodes[0]);
    expect(anchor.getAttribute('data-test-id')).toBe('PinBetterSaveButton');
  });

  it('expands a description cut at "more" when the head is another pin’s (moved from pin to pin)', async () => {
    const { page, nodes } = readPage('pinterest/pin.html');
    // Pinterest moves between pins without loading a page: the head can still describe the first one.
    for (const el of page.document.querySelectorAll('link[rel="canonical"], meta[property="og:url"]'))
      el.setAttribute(el.tagName === 'LINK' ? 'href' : 'content', pin('1055599905000001'));
    const fromPage = { ...readingNook, postedAt: null };
    expect(pinterestReader.extract(nodes[0], page)).toStrictEqual({
      ...fromPage,
      text: 'A corner that used to hold boxes: a teak armchair found at a flea market, a brass floor lamp, and shelves',
      truncated: true,
    });
    await pinterestReader.expand!(nodes[0]);
    expect(pinterestReader.extract(nodes[0], page)).toStrictEqual(fromPage);
  });

  it('reads every picture of a carousel pin', () => {
    const { posts } = readPage('pinterest/carousel-pin.html');
    expect(posts).toStrictEqual([
      {
        platform: 'pinterest',
        url: pin('1055599905777777'),
        authorName: 'Crumb & Co',
        authorHandle: '@crumbandco',
        text: 'Levain at 9, dough at 11, folds every half hour, shaped by 3, baked the next morning.',
        postedAt: '2026-09-14T07:05:00.000Z',
        images: [
          pinimg('originals/51/81/e2/5181e2aa11bb22cc33dd44ee55ff6601.jpg'),
          pinimg('originals/62/92/f3/6292f3aa11bb22cc33dd44ee55ff6602.jpg'),
          pinimg('736x/73/a3/04/73a304aa11bb22cc33dd44ee55ff6603.jpg'),
        ],
        title: 'Sourdough, step by step',
      },
    ]);
  });

  it('reads the pin a signed-out visitor sees under the sign-up wall', () => {
    const { page, posts } = readPage('pinterest/login-wall.html');
    const labels = {
      platform: 'pinterest',
      url: pin('1055599905444555'),
      authorName: 'Paper Garden',
      authorHandle: '@papergarden',
      text: 'Free printable labels for seed jars, lettered with a dip pen.',
      postedAt: '2026-08-30T12:00:00.000Z',
      images: [pinimg('736x/c4/d5/e6/c4d5e6f708192a3b4c5d6e7f8091a2b3.jpg')],
      title: 'Hand-lettered botanical labels',
    };
    expect(posts).toStrictEqual([labels]);
    expect(pinterestReader.pagePost!(page)).toStrictEqual(labels);
  });

  it('falls back to the head when the markup is unknown, under the canonical www.pinterest.com permalink', () => {
    const { page, nodes } = readPage('pinterest/unknown-structure.html');
    expect(nodes).toEqual([]);
    expect(pinterestReader.pagePost!(page)).toStrictEqual({
      platform: 'pinterest',
      url: pin('1055599905888999'),
      authorName: 'Dye Studio',
      authorHandle: '@dyestudio',
      text: 'Itajime: fold the cloth like a fan, clamp it between two boards, and dip.',
      postedAt: '2026-07-19T15:40:00.000Z',
      images: [pinimg('originals/e1/f2/03/e1f20314253647586970a1b2c3d4e5f6.jpg')],
      title: 'Indigo shibori, folded and clamped',
    });
  });

  it('makes the canonical permalink of a pin from any Pinterest site', () => {
    const base = new URL('https://www.pinterest.com/');
    expect(pinterestPermalink('https://www.pinterest.co.uk/pin/1055599905888999/', base)).toBe(
      pin('1055599905888999'),
    );
    expect(pinterestPermalink('/pin/1055599905123456', base)).toBe(pin('1055599905123456'));
    expect(pinterestPermalink('/homedesignlab/reading-nooks/', base)).toBeNull();
    expect(pinterestPermalink('https://pinterest.example.com/pin/1/', base)).toBeNull();
  });
});
