import type { ExtractedPost, PageContext } from '../../shared/extractedPost';
import type { PlatformReader } from '../platformReader';
import { readableText } from '../readableText';
import { jsonLdAuthorUrl } from './jsonLdAuthor';
import { extractFromMetadata } from './metadata';
import { largestSrcsetEntry } from '../srcset';

/**
 * LinkedIn (www.linkedin.com): the feed and a post's own page signed in, and the public page a signed-out visitor
 * gets for a post (/posts/…, under a sign-in wall). Everything this extension knows of LinkedIn's pages is in this
 * file; when LinkedIn changes its markup, the selectors and URL shapes below are what to fix (docs/extension.md).
 *
 * Signed in, a post is a `.feed-shared-update-v2[data-urn="urn:li:activity:{id}"]`: its author in
 * `.update-components-actor` (the name twice, once for the eye, once for screen readers), its text in
 * `.update-components-text`, its pictures in `.update-components-image`. A repost with thoughts holds the reposted
 * post in a box of its own, and open comments sit inside the post: neither's author, text or pictures are the
 * post's. The public page's post is an `article[data-activity-urn]` with the same parts under other names.
 *
 * Comments get no Save control: a LinkedIn comment is part of its post's page, not a post with a page of its own.
 * "…more" needs no click: LinkedIn cuts long text with its styles only, the whole text is in the page.
 */
const POST = '.feed-shared-update-v2[data-urn], article[data-activity-urn]';
/** Boxes inside a post that are another post's (a repost's original) or a comment's. */
const NESTED =
  '.feed-shared-update-v2__update-content-wrapper, .update-components-mini-update-v2, .comments-comments-list, .comments-comment-entity';
const ACTOR_NAME =
  '.update-components-actor__name, .update-components-actor__title, [data-tracking-control-name="public_post_feed-actor-name"]';
const ACTOR_LINK =
  'a.update-components-actor__meta-link, a.update-components-actor__image, a[data-tracking-control-name="public_post_feed-actor-name"]';
/** Where LinkedIn writes "Promoted" on an ad, in place of the post's age or the author's headline. */
const ACTOR_LABELS = '.update-components-actor__sub-description, .update-components-actor__description';
const PROMOTED = /\b(Promoted|Sponsored)\b/;
const TEXT = '.update-components-text';
/** The public page's text keeps its line breaks as characters (its styles show them). */
const PUBLIC_TEXT = '[data-test-id="main-feed-activity-card__commentary"]';
const IMAGE = '.update-components-image img, [data-test-id="feed-images-content"] img';
const ACTIONS = '.feed-shared-social-action-bar__action-button, [data-test-id="social-actions"] > *';
/** A screen reader's copy of a text that is also shown (`hashtag` before a shown `#`). */
const SCREEN_READER_ONLY = '.visually-hidden, .sr-only';

const HOSTS = ['www.linkedin.com', 'linkedin.com'] as const;
const ACTIVITY_URN = /^urn:li:activity:(\d{15,20})$/;
/** A post's own pages: /feed/update/urn:li:activity:{id}/ and /posts/{slug}-activity-{id}-{suffix}. */
const POST_PATHS = [
  /^\/feed\/update\/urn:li:activity:(\d{15,20})\/?$/,
  /^\/posts\/[^/]*-activity-(\d{15,20})-[^/]*\/?$/,
];
const PROFILE_PATH = /^\/(in|company|school|showcase)\/([^/?#]+)/;

/** The canonical permalink of activity `id`. */
export const linkedinPermalink = (id: string) =>
  `https://www.linkedin.com/feed/update/urn:li:activity:${id}/`;

/** The activity id a post's own page is about, or null for any other address. */
function activityIdOf(url: string, base: URL): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url, base);
  } catch {
    return null;
  }
  if (!(HOSTS as readonly string[]).includes(parsed.hostname)) return null;
  for (const path of POST_PATHS) {
    const match = path.exec(parsed.pathname);
    if (match) return match[1];
  }
  return null;
}

/**
 * When activity `id` was posted. LinkedIn shows only an age ("2d"), but an activity id is a 64-bit number whose
 * first 41 bits (the id shifted right by 22) are the milliseconds since 1970 at which the post was made. Null for
 * a number that gives no date after LinkedIn's launch in 2003 (not an id of that kind).
 */
export function activityDate(id: string): string | null {
  const ms = Number(BigInt(id) >> 22n);
  return ms >= Date.UTC(2003, 0, 1) && ms < Date.UTC(3000, 0, 1) ? new Date(ms).toISOString() : null;
}

/**
 * The author's handle from their profile's address, "in/{slug}" or "company/{slug}": LinkedIn shows no @handle,
 * and the address is what names a member or a page.
 */
function profileHandle(href: string, base: URL): string {
  try {
    const match = PROFILE_PATH.exec(new URL(href, base).pathname);
    return match ? `${match[1]}/${decodeURIComponent(match[2])}` : '';
  } catch {
    return '';
  }
}

/** The elements matching `selector` that are the post's own, not a reposted post's or a comment's. */
const own = (node: Element, selector: string): Element[] =>
  [...node.querySelectorAll(selector)].filter((el) => el.closest(`${POST}, ${NESTED}`) === node);

/** The text as shown: LinkedIn's screen-reader copies left out, the shown parts they stand for kept. */
function shownText(el: Element, keepWhitespace: boolean): string {
  const copy = el.cloneNode(true) as Element;
  copy.querySelectorAll(SCREEN_READER_ONLY).forEach((hidden) => hidden.remove());
  copy.querySelectorAll('[aria-hidden="true"]').forEach((shown) => shown.removeAttribute('aria-hidden'));
  return readableText(copy, { keepWhitespace });
}

function author(node: Element, base: URL): { authorName: string; authorHandle: string } {
  const nameBox = own(node, ACTOR_NAME)[0];
  // The title holds the name, then " • 2nd": the first shown part is the name.
  const name = nameBox?.querySelector('[aria-hidden="true"]') ?? nameBox;
  const handle = own(node, ACTOR_LINK)
    .map((link) => profileHandle(link.getAttribute('href') ?? '', base))
    .find((h) => h);
  return { authorName: name?.textContent?.replace(/\s+/g, ' ').trim() ?? '', authorHandle: handle ?? '' };
}

/** An image's largest variant: the widest in its srcset, else its src, else the URL it loads later. */
function imageUrl(img: Element, base: URL): string | null {
  const candidates = [
    largestSrcsetEntry(img.getAttribute('srcset')),
    img.getAttribute('src'),
    img.getAttribute('data-delayed-url'),
  ];
  for (const candidate of candidates) {
    if (!candidate || !URL.canParse(candidate, base)) continue;
    const url = new URL(candidate, base);
    if (url.protocol === 'https:') return url.href;
  }
  return null;
}

function findPosts(root: ParentNode): Element[] {
  const posts = [...root.querySelectorAll(POST)];
  if ('matches' in root && (root as Element).matches(POST)) posts.unshift(root as Element);
  return posts.filter((post) => !post.parentElement?.closest(POST));
}

function extract(node: Element, page: PageContext): ExtractedPost | null {
  const urn = node.getAttribute('data-urn') ?? node.getAttribute('data-activity-urn') ?? '';
  const id = ACTIVITY_URN.exec(urn)?.[1];
  // An aggregate or a suggestion has no activity, so no permalink; an ad has one but is not offered a control.
  if (!id || own(node, ACTOR_LABELS).some((label) => PROMOTED.test(shownText(label, false)))) return null;
  const text = own(node, `${TEXT}, ${PUBLIC_TEXT}`)[0];
  const images = own(node, IMAGE)
    .map((img) => imageUrl(img, page.location))
    .filter((src, i, all): src is string => !!src && all.indexOf(src) === i);
  return {
    platform: 'linkedin',
    url: linkedinPermalink(id),
    ...author(node, page.location),
    text: text ? shownText(text, text.matches(PUBLIC_TEXT)) : '',
    postedAt: activityDate(id),
    images,
  };
}

/**
 * The post a post's own page is about: the post in the page with its id, else what the page's head says (Open
 * Graph, JSON-LD) under the canonical permalink and the date its id gives. Any other page: its metadata as it is.
 */
function pagePost(page: PageContext): ExtractedPost | null {
  const id = activityIdOf(page.location.href, page.location);
  const here = id && linkedinPermalink(id);
  if (here) {
    for (const node of findPosts(page.document)) {
      const post = extract(node, page);
      if (post?.url === here) return post;
    }
  }
  const post = extractFromMetadata(page, 'linkedin');
  const metaId = id ?? (post && activityIdOf(post.url, page.location));
  if (!post || !metaId) return post;
  // A LinkedIn post has no title: the head's is LinkedIn's "{first words} | {author}".
  const { title: _title, ...rest } = post;
  return {
    ...rest,
    url: linkedinPermalink(metaId),
    authorHandle: post.authorHandle || profileHandle(jsonLdAuthorUrl(page.document), page.location),
    postedAt: post.postedAt ?? activityDate(metaId),
  };
}

export const linkedinReader: PlatformReader = {
  platform: 'linkedin',
  hosts: HOSTS,
  findPosts,
  extract,
  controlAnchor: (node) => own(node, ACTIONS).at(-1) ?? node,
  pagePost,
};
