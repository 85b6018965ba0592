// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { activityDate, linkedinReader } from '../../../src-extension/content/platforms/linkedin';
import { loadPlatformPage } from './platformPage';

/** The posts a page offers, as the content script reads them: each post element, and what it extracts. */
function readPage(file: string) {
  const page = loadPlatformPage(file);
  const nodes = linkedinReader.findPosts(page.document, page);
  return { page, nodes, posts: nodes.map((node) => linkedinReader.extract(node, page)) };
}

const activity = (id: string) => `https://www.linkedin.com/feed/update/urn:li:activity:${id}/`;
const image = (path: string, t: string) =>
  `https://media.licdn.com/dms/image/v2/${path}?e=1796083200&v=beta&t=${t}`;

describe('LinkedIn feed', () => {
  it('finds each post of the timeline once, outermost: a repost, a comment or a header is no post of its own', () => {
    const { page, nodes } = readPage('linkedin/feed.html');
    expect(nodes.map((n) => n.getAttribute('data-urn'))).toEqual([
      'urn:li:activity:7530563355796493959',
      'urn:li:activity:7530314842350951477',
      'urn:li:activity:7530906805862402001',
      'urn:li:activity:7529805843047383139',
      'urn:li:activity:7529183198572569152',
    ]);
    // A subtree the MutationObserver reports: the post itself, or a part inside one, which is no new post.
    expect(linkedinReader.findPosts(nodes[0], page)).toEqual([nodes[0]]);
    expect(linkedinReader.findPosts(nodes[3].querySelector('.update-components-text')!, page)).toEqual([]);
  });

  it('reads a member’s post whole: the text "…more" hides is in the page, and the date comes from the id', () => {
    const { posts } = readPage('linkedin/feed.html');
    expect(posts[0]).toStrictEqual({
      platform: 'linkedin',
      url: activity('7530563355796493959'),
      authorName: 'Ada Lovelace',
      authorHandle: 'in/ada-lovelace-1815',
      text:
        'The engine weaves algebraic patterns just as the Jacquard loom weaves flowers and leaves.\n\n' +
        'Three things I learned translating Menabrea’s notes:\n' +
        '1. Operations and the objects they act on are different things.\n' +
        '2. A machine can repeat a cycle of operations without a person in the loop.\n' +
        '3. The notes ended up three times longer than the paper.\n\n' +
        'Full notes in the comments. #computing #history',
      postedAt: '2026-11-23T09:30:15.123Z',
      images: [image('D4E22AQF1ada/feedshare-shrink_800/feedshare-shrink_800/0/1763890215123', 'img1')],
    });
  });

  it('reads a company page’s post with several images, in order, a lazily loaded one included, its logo not', () => {
    const { posts } = readPage('linkedin/feed.html');
    expect(posts[1]).toStrictEqual({
      platform: 'linkedin',
      url: activity('7530314842350951477'),
      authorName: 'Analytical Engines Ltd',
      authorHandle: 'company/analytical-engines',
      text: 'Open day at the workshop: the mill, the store and the printer, photographed by our apprentices.',
      postedAt: '2026-11-22T17:02:44.900Z',
      images: [
        image('D4E22AQmill/feedshare-shrink_1280/feedshare-shrink_1280/0/1763830964900', 'mill'),
        image('D4E22AQstore/feedshare-shrink_800/feedshare-shrink_800/0/1763830964900', 'store'),
        image('D4E22AQprinter/feedshare-shrink_800/feedshare-shrink_800/0/1763830964900', 'printer'),
      ],
    });
  });

  it('offers no Save control on a promoted post', () => {
    const { posts } = readPage('linkedin/feed.html');
    expect(posts[2]).toBeNull();
  });

  it('reads a repost with thoughts as the reposter’s words, without the reposted post’s text or image', () => {
    const { posts } = readPage('linkedin/feed.html');
    expect(posts[3]).toStrictEqual({
      platform: 'linkedin',
      url: activity('7529805843047383139'),
      authorName: 'Charles Babbage',
      authorHandle: 'in/charles-babbage-1791',
      text: 'Worth reading again: the clearest account of the engine anyone has written.',
      postedAt: '2026-11-21T07:20:10.010Z',
      images: [],
    });
  });

  it('reads a post that a comment brought into the feed as its author’s, without the header or the comment', () => {
    const { posts } = readPage('linkedin/feed.html');
    expect(posts[4]).toStrictEqual({
      platform: 'linkedin',
      url: activity('7529183198572569152'),
      authorName: 'Alan Turing',
      authorHandle: 'in/alan-turing-1912',
      text: 'Can machines think? A better question: can we tell?',
      postedAt: '2026-11-19T14:05:59.999Z',
      images: [],
    });
  });

  it('puts the Save control after the post’s own last action (Send), not in a reposted post', () => {
    const { nodes } = readPage('linkedin/feed.html');
    const anchor = linkedinReader.controlAnchor(nodes[0]);
    expect(anchor.textContent?.trim()).toBe('Send');
    expect(nodes[0].contains(anchor)).toBe(true);
    expect(linkedinReader.controlAnchor(nodes[3]).textContent?.trim()).toBe('Comment');
  });
});

describe('LinkedIn post page', () => {
  it('reads the post and not its comments or their replies, which get no control of their own', () => {
    const { page, nodes, posts } = readPage('linkedin/post.html');
    expect(nodes).toHaveLength(1);
    const post = {
      platform: 'linkedin',
      url: activity('7528860951253090303'),
      authorName: 'Grace Hopper',
      authorHandle: 'in/grace-hopper-1906',
      text:
        'A ship in port is safe, but that is not what ships are built for.\n\n' +
        'Two pictures from the Mark I room: the machine, and the moth we taped into the log book.',
      postedAt: '2026-11-18T16:45:30.250Z',
      images: [
        image('D4E22AQmark1/feedshare-shrink_2048_1536/feedshare-shrink_2048_1536/0/1763484330250', 'mark1'),
        image('D4E22AQmoth/feedshare-shrink_2048_1536/feedshare-shrink_2048_1536/0/1763484330250', 'moth'),
      ],
    };
    expect(posts).toStrictEqual([post]);
    // The popup's "Save this post" saves the post the page is about.
    expect(linkedinReader.pagePost!(page)).toStrictEqual(post);
  });

  it('reads the public page a signed-out visitor gets, under its sign-in wall', () => {
    const { page, nodes, posts } = readPage('linkedin/login-wall.html');
    expect(nodes).toHaveLength(1);
    const post = {
      platform: 'linkedin',
      url: activity('7531295877902686467'),
      authorName: 'Grace Hopper',
      authorHandle: 'in/grace-hopper-1906',
      text:
        'It is much easier for most people to write an English statement than to use symbols. ' +
        'So we wrote a compiler that reads English.\n\n' +
        "The flow chart below is FLOW-MATIC's. #compilers #cobol",
      postedAt: '2026-11-25T10:01:02.003Z',
      images: [
        image(
          'D4E22AQflow/feedshare-shrink_2048_1536/feedshare-shrink_2048_1536/0/1764064862003',
          'flow2048',
        ),
      ],
    };
    expect(posts).toStrictEqual([post]);
    expect(linkedinReader.pagePost!(page)).toStrictEqual(post);
    expect(linkedinReader.controlAnchor(nodes[0]).textContent).toBe('Share');
  });

  it('falls back to the page’s metadata when the markup is unknown, under the canonical permalink', () => {
    const { page, nodes } = readPage('linkedin/unknown-structure.html');
    expect(nodes).toEqual([]);
    expect(linkedinReader.pagePost!(page)).toStrictEqual({
      platform: 'linkedin',
      url: activity('7529513883796233777'),
      authorName: 'Alan Turing',
      authorHandle: 'in/alan-turing-1912',
      text:
        "Instead of trying to produce a programme to simulate the adult mind, why not rather try to produce one which simulates the child's?\n" +
        'Then subject it to an appropriate course of education.',
      postedAt: '2026-11-20T12:00:01.500Z',
      images: [image('D4E22AQchild/feedshare-shrink_800/feedshare-shrink_800/0/1763640001500', 'child')],
    });
  });

  it('dates a post by its activity id: the first 41 of its 64 bits are milliseconds since 1970', () => {
    expect(activityDate('7530563355796493959')).toBe('2026-11-23T09:30:15.123Z');
    // 2^22 is the first millisecond of 1970: no activity id, so no date.
    expect(activityDate('4194304')).toBeNull();
  });
});
