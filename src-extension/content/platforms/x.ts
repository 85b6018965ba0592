import type { ExtractedPost, PageContext } from '../../shared/extractedPost';
import type { PlatformReader } from '../platformReader';
import { readableText } from '../readableText';
import { extractFromMetadata, isoDate } from './metadata';

/**
 * X (and twitter.com, the same site). Everything this extension knows of X's pages is in this file; when X changes
 * its markup, the selectors and URL shapes below are what to fix (docs/extension.md).
 *
 * A post is an `article[data-testid="tweet"]`: its author in `[data-testid="User-Name"]` (display name, then
 * "@handle"), its text in `[data-testid="tweetText"]`, its permalink the link around its `time[datetime]`, its
 * pictures in `[data-testid="tweetPhoto"]`, its action bar a `[role="group"]`. A quoted post is a box inside the
 * article (`div[role="link"]`) with a User-Name, text and time of its own: none of those are the post's.
 */
const POST = 'article[data-testid="tweet"]';
const USER_NAME = '[data-testid="User-Name"]';
const TEXT = '[data-testid="tweetText"]';
const SHOW_MORE = '[data-testid="tweet-text-show-more-link"]';
const PHOTO = '[data-testid="tweetPhoto"] img';
const QUOTE = 'div[role="link"]';
const ACTIONS = '[role="group"]';
/** A conversation's rows: the posts above a post on its own page are the posts it answers, in order. */
const CELL = '[data-testid="cellInnerDiv"]';
/** The label X puts where an ad's date would be. The post has no permalink then, which alone also excludes it. */
const AD_LABELS = new Set(['Ad', 'Promoted']);

const HOSTS = ['x.com', 'twitter.com', 'mobile.x.com', 'mobile.twitter.com'] as const;
/** /{handle}/status/{id}, with a suffix such as /photo/1 or /analytics that is not part of the post's address. */
const STATUS_PATH = /^\/([A-Za-z0-9_]{1,15})\/status(?:es)?\/(\d{1,25})(?:\/|$)/;

/** The post's canonical permalink, https://x.com/{handle}/status/{id}, or null when `href` is not a post's. */
export function xPermalink(href: string, base: URL | string): string | null {
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return null;
  }
  const match = STATUS_PATH.exec(url.pathname);
  if (!(HOSTS as readonly string[]).includes(url.hostname) || !match || match[1] === 'i') return null;
  return `https://x.com/${match[1]}/status/${match[2]}`;
}

/** The larger variant of an X picture (pbs.twimg.com/media/…?name=small → name=large). */
function largeImage(src: string, base: URL): string | null {
  let url: URL;
  try {
    url = new URL(src, base);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:') return null;
  if (url.hostname === 'pbs.twimg.com' && url.pathname.startsWith('/media/')) {
    // The older form names the size after a colon: /media/ID.jpg:small.
    url.pathname = url.pathname.replace(/:[a-z]+$/, '');
    url.searchParams.set('name', 'large');
  }
  return url.href;
}

/** The quoted post's box in `node`, if any: a link-like box that names an author of its own. */
const quoteOf = (node: Element): Element | undefined =>
  [...node.querySelectorAll(QUOTE)].find((box) => box.querySelector(USER_NAME));

/** The elements matching `selector` that belong to the post itself, not to the post it quotes. */
function own(node: Element, selector: string): Element[] {
  const quote = quoteOf(node);
  return [...node.querySelectorAll(selector)].filter((el) => !quote?.contains(el));
}

/** The permalink of the link around a `time` in `scope` (the post's own, or the quoted post's). */
function timeLink(times: Element[], base: URL): { url: string; postedAt: string | null } | null {
  for (const time of times) {
    const href = time.closest('a[href]')?.getAttribute('href');
    const url = href ? xPermalink(href, base) : null;
    if (url) return { url, postedAt: isoDate(time.getAttribute('datetime')) };
  }
  return null;
}

/** An ad: X's "Ad" label somewhere in the post's own frame (not its text, author or quoted post). */
function isAd(node: Element): boolean {
  return own(node, 'span').some(
    (span) =>
      AD_LABELS.has(span.textContent?.trim() ?? '') &&
      !span.closest(`${TEXT}, ${USER_NAME}`) &&
      !span.children.length,
  );
}

/** The display name and @handle from the post's own User-Name. */
function author(node: Element, url: string): { authorName: string; authorHandle: string } {
  const box = own(node, USER_NAME)[0];
  const parts = box ? [...box.querySelectorAll('a, span')].map((el) => readableText(el)) : [];
  const handle = parts.find((t) => /^@\w{1,15}$/.test(t)) ?? `@${new URL(url).pathname.split('/')[1]}`;
  const name = parts.find((t) => t && !t.startsWith('@') && t !== '·') ?? '';
  return { authorName: name, authorHandle: handle };
}

/**
 * On a post's own page the posts above it are the ones it answers, nearest last: the post it replies to is the
 * row right above. Only when the rows are adjacent: a removed post leaves a row without an article between them.
 */
function replyTo(node: Element, page: PageContext): string | undefined {
  const focal = xPermalink(page.location.href, page.location);
  if (!focal) return undefined;
  const posts = outermost([...page.document.querySelectorAll(POST)]);
  const links = posts.map((p) => timeLink(own(p, 'time'), page.location)?.url);
  const index = posts.indexOf(node);
  const focalIndex = links.indexOf(focal);
  if (index <= 0 || focalIndex < 0 || index > focalIndex) return undefined;
  const above = posts[index - 1];
  const cell = node.closest(CELL);
  const aboveCell = above.closest(CELL);
  if (cell && aboveCell && aboveCell.nextElementSibling !== cell) return undefined;
  return links[index - 1];
}

const outermost = (posts: Element[]) => posts.filter((post) => !post.parentElement?.closest(POST));

function findPosts(root: ParentNode): Element[] {
  const posts = [...root.querySelectorAll(POST)];
  if ('matches' in root && (root as Element).matches(POST)) posts.unshift(root as Element);
  return outermost(posts);
}

function extract(node: Element, page: PageContext): ExtractedPost | null {
  if (isAd(node)) return null;
  const self = timeLink(own(node, 'time'), page.location);
  if (!self) return null;
  const text = own(node, TEXT)[0];
  const images = own(node, PHOTO)
    .map((img) => largeImage(img.getAttribute('src') ?? '', page.location))
    .filter((src, i, all): src is string => !!src && all.indexOf(src) === i);
  const quote = quoteOf(node);
  const quoted =
    quote &&
    (timeLink([...quote.querySelectorAll('time')], page.location)?.url ??
      [...quote.querySelectorAll('a[href]')]
        .map((a) => xPermalink(a.getAttribute('href') ?? '', page.location))
        .find((u) => u));
  const post: ExtractedPost = {
    platform: 'x',
    url: self.url,
    ...author(node, self.url),
    text: text ? readableText(text, { keepWhitespace: true }) : '',
    postedAt: self.postedAt,
    images,
  };
  if (quoted) post.quotedUrl = quoted;
  const parent = replyTo(node, page);
  if (parent) post.replyToUrl = parent;
  // On a timeline X shows a long post's start; its "Show more" opens the post's own page, which has it all.
  if (own(node, SHOW_MORE).length) post.truncated = true;
  return post;
}

export const xReader: PlatformReader = {
  platform: 'x',
  hosts: HOSTS,
  findPosts,
  extract,
  controlAnchor(node) {
    const bar = own(node, ACTIONS).at(-1);
    return bar?.lastElementChild ?? bar ?? node.lastElementChild ?? node;
  },
  pagePost(page) {
    const here = xPermalink(page.location.href, page.location);
    if (here) {
      for (const node of findPosts(page.document)) {
        const post = extract(node, page);
        if (post?.url === here) return post;
      }
    }
    const post = extractFromMetadata(page, 'x');
    const url = post && xPermalink(post.url, page.location);
    return post && url ? { ...post, url } : post;
  },
};
