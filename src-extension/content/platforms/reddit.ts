import type { ExtractedPost, PageContext } from '../../shared/extractedPost';
import type { PlatformReader } from '../platformReader';
import { readableText } from '../readableText';
import { extractFromMetadata, isoDate } from './metadata';
import { largestSrcsetEntry } from '../srcset';

/**
 * Reddit: new Reddit (www.reddit.com) and old Reddit (old.reddit.com). Everything this extension knows of Reddit's
 * pages is in this file; when Reddit changes its markup, the selectors and URL shapes below are what to fix
 * (docs/extension.md).
 *
 * New Reddit: a post is a `shreddit-post` whose attributes carry its data (permalink, post-title, author,
 * created-timestamp, post-type, content-href), with its body in `[slot="text-body"]` and its pictures in
 * `[slot="post-media-container"]`; ads are `shreddit-ad-post` or carry `promoted`. A comment is a
 * `shreddit-comment` (permalink, author, thingid, parentid, postid) with its text in `[slot="comment"]`; replies
 * to it are nested inside it, each a post of its own.
 * Old Reddit: a post is a `.thing.link`, a comment a `.thing.comment`, with data attributes (data-permalink,
 * data-author, data-url, data-timestamp in ms); ads are `.promoted`. A listing keeps a self post's body in the
 * expando's `data-cachedhtml` until it is opened.
 */
const NEW_POST = 'shreddit-post';
const NEW_AD = 'shreddit-ad-post';
const NEW_COMMENT = 'shreddit-comment';
const OLD_POST = '.thing.link';
const OLD_COMMENT = '.thing.comment';
const POSTS = [NEW_POST, NEW_AD, NEW_COMMENT, OLD_POST, OLD_COMMENT].join(', ');
/** Reddit's own image hosts: pictures elsewhere in a post (avatars, icons, link thumbnails) are not the post's. */
const IMAGE_HOSTS = new Set(['i.redd.it', 'preview.redd.it']);

const HOSTS = ['www.reddit.com', 'reddit.com', 'old.reddit.com', 'new.reddit.com', 'np.reddit.com'] as const;
/** /r/{sub}/comments/{post}[/{slug}][/{comment}], or new Reddit's /comment/{comment} for a comment. */
const PERMALINK = /^\/(r|u|user)\/([^/]+)\/comments\/([a-z0-9]+)(?:\/([^/?#]+))?(?:\/([a-z0-9]+))?/i;

/**
 * The canonical permalink on www.reddit.com: a post's /r/{sub}/comments/{id}/{slug}/, a comment's
 * /r/{sub}/comments/{id}/comment/{commentId}/ (old Reddit writes a comment's with the post's slug instead).
 */
export function redditPermalink(href: string, base: URL | string = 'https://www.reddit.com'): string | null {
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return null;
  }
  const match = PERMALINK.exec(url.pathname);
  if (!match || !(url.hostname === 'reddit.com' || url.hostname.endsWith('.reddit.com'))) return null;
  const [, kind, where, postId, slug, commentId] = match;
  const prefix = `https://www.reddit.com/${kind === 'u' ? 'user' : kind}/${where}/comments/${postId}/`;
  if (commentId) return `${prefix}comment/${commentId}/`;
  return slug ? `${prefix}${slug}/` : prefix;
}

/** The largest picture an `img` offers: its widest srcset candidate, else its src (also when loaded lazily). */
function largest(img: Element, base: URL): string | null {
  const src =
    largestSrcsetEntry(img.getAttribute('srcset') ?? img.getAttribute('data-lazy-srcset')) ??
    img.getAttribute('src') ??
    img.getAttribute('data-lazy-src') ??
    '';
  try {
    const url = new URL(src, base);
    return IMAGE_HOSTS.has(url.hostname) ? url.href : null;
  } catch {
    return null;
  }
}

/** The post's own pictures on Reddit's image hosts, each once (a picture and its blurred backdrop are one). */
function images(scopes: (Element | null | undefined)[], base: URL, first: string[] = []): string[] {
  const all = [
    ...first,
    ...scopes.flatMap((scope) =>
      (scope ? [...scope.querySelectorAll('img')] : []).map((img) => largest(img, base)),
    ),
  ].filter((src): src is string => !!src);
  const seen = new Set<string>();
  return all.filter((src) => {
    const key = new URL(src).pathname.replace(/^.*-v0-/, '/');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const handle = (author: string | null | undefined) =>
  author && author !== '[deleted]' ? `u/${author.replace(/^u\//, '')}` : '';

function isPromoted(node: Element): boolean {
  if (node.matches(NEW_AD) || node.matches('.promoted, .promotedlink, [data-promoted="true"]')) return true;
  const promoted = node.getAttribute('promoted') ?? node.getAttribute('is-promoted');
  return promoted !== null && promoted !== 'false';
}

/** A self post's body in an old Reddit listing: the expando's cached HTML, read as inert markup. */
function cachedBody(node: Element): Element | null {
  const html = node
    .querySelector(':scope > .entry .expando[data-cachedhtml]')
    ?.getAttribute('data-cachedhtml');
  if (!html) return null;
  const template = node.ownerDocument.createElement('template');
  template.innerHTML = html;
  return template.content.querySelector('.md');
}

/** A thing's id (t1_… a comment, t3_… a post) when it is one, so it can sit in a selector as it is. */
const thingId = (value: string | null) => (value && /^t\d_[a-z0-9]+$/i.test(value) ? value : '');

/** What a comment answers: its parent comment, or the post it sits under. */
function parentOf(node: Element, page: PageContext): string | undefined {
  const doc = page.document;
  if (node.matches(NEW_COMMENT)) {
    const parentId = thingId(node.getAttribute('parentid'));
    const parent =
      (parentId.startsWith('t1_') ? doc.querySelector(`${NEW_COMMENT}[thingid="${parentId}"]`) : null) ??
      node.parentElement?.closest(NEW_COMMENT);
    if (parent) return redditPermalink(parent.getAttribute('permalink') ?? '') ?? undefined;
    const postId = thingId(node.getAttribute('postid'));
    const post = doc.querySelector(postId ? `${NEW_POST}[id="${postId}"]` : NEW_POST);
    const own = redditPermalink(node.getAttribute('permalink') ?? '');
    return (
      redditPermalink(post?.getAttribute('permalink') ?? '') ?? own?.replace(/comment\/[a-z0-9]+\/$/i, '')
    );
  }
  const parent = node.parentElement?.closest(OLD_COMMENT) ?? doc.querySelector(OLD_POST);
  return redditPermalink(parent?.getAttribute('data-permalink') ?? '', page.location) ?? undefined;
}

function extractNew(node: Element, page: PageContext): ExtractedPost | null {
  const isComment = node.matches(NEW_COMMENT);
  const url = redditPermalink(node.getAttribute('permalink') ?? '');
  if (!url) return null;
  const body = node.querySelector(isComment ? ':scope > [slot="comment"]' : '[slot="text-body"]');
  const media = isComment ? body : node.querySelector('[slot="post-media-container"]');
  const contentHref = node.getAttribute('content-href') ?? '';
  // An image post links its original picture; the page shows only scaled previews of it.
  const original = node.getAttribute('post-type') === 'image' && /^https:\/\/i\.redd\.it\//.test(contentHref);
  const time = isComment ? node.querySelector(':scope > [slot="commentMeta"] time[datetime]') : null;
  const post: ExtractedPost = {
    platform: 'reddit',
    url,
    authorName: '',
    authorHandle: handle(node.getAttribute('author')),
    text: body ? readableText(body) : '',
    postedAt: isoDate(node.getAttribute('created-timestamp') ?? time?.getAttribute('datetime')),
    images: original ? [contentHref] : images([media], page.location),
  };
  const title = node.getAttribute('post-title') ?? node.querySelector('[slot="title"]')?.textContent?.trim();
  if (!isComment && title) post.title = title;
  const parent = isComment ? parentOf(node, page) : undefined;
  if (parent) post.replyToUrl = parent;
  return post;
}

function extractOld(node: Element, page: PageContext): ExtractedPost | null {
  const isComment = node.matches(OLD_COMMENT);
  const url = redditPermalink(node.getAttribute('data-permalink') ?? '', page.location);
  if (!url) return null;
  const entry = node.querySelector(':scope > .entry');
  const body = entry?.querySelector('.usertext-body .md') ?? (isComment ? null : cachedBody(node));
  const dataUrl = node.getAttribute('data-url') ?? '';
  const timestamp = Number(node.getAttribute('data-timestamp'));
  const post: ExtractedPost = {
    platform: 'reddit',
    url,
    authorName: '',
    authorHandle: handle(node.getAttribute('data-author')),
    text: body ? readableText(body) : '',
    postedAt: timestamp
      ? new Date(timestamp).toISOString()
      : isoDate(entry?.querySelector('time[datetime]')?.getAttribute('datetime')),
    images: isComment
      ? images([body], page.location)
      : images(
          [entry?.querySelector('.expando'), body],
          page.location,
          /^https:\/\/i\.redd\.it\//.test(dataUrl) ? [dataUrl] : [],
        ),
  };
  const title = entry?.querySelector('a.title')?.textContent?.trim();
  if (!isComment && title) post.title = title;
  const parent = isComment ? parentOf(node, page) : undefined;
  if (parent) post.replyToUrl = parent;
  return post;
}

function findPosts(root: ParentNode): Element[] {
  const found = [...root.querySelectorAll(POSTS)];
  if ('matches' in root && (root as Element).matches(POSTS)) found.unshift(root as Element);
  // Comments nest (a reply sits inside the comment it answers) and each is a post; a post inside a post is not.
  return found.filter((el) => !el.parentElement?.closest(`${NEW_POST}, ${OLD_POST}`));
}

function extract(node: Element, page: PageContext): ExtractedPost | null {
  if (isPromoted(node)) return null;
  return node.matches('.thing') ? extractOld(node, page) : extractNew(node, page);
}

export const redditReader: PlatformReader = {
  platform: 'reddit',
  hosts: HOSTS,
  findPosts,
  extract,
  controlAnchor(node) {
    // New Reddit draws its own action bar in its shadow root: the control goes into a slotted part instead.
    const bar = node.matches('.thing')
      ? node.querySelector(':scope > .entry ul.buttons')
      : (node.querySelector(':scope > shreddit-comment-action-row') ??
        node.querySelector(':scope > [slot="commentMeta"], :scope > [slot="credit-bar"]'));
    return bar?.lastElementChild ?? bar ?? node.lastElementChild ?? node;
  },
  pagePost(page) {
    const here = redditPermalink(page.location.href, page.location);
    if (here) {
      for (const node of findPosts(page.document)) {
        const post = extract(node, page);
        if (post?.url === here) return post;
      }
    }
    const post = extractFromMetadata(page, 'reddit');
    if (!post) return null;
    // Reddit's JSON-LD names an author by the username, which Reddit writes as a handle (u/…).
    const author = post.authorHandle ? {} : { authorName: '', authorHandle: handle(post.authorName) };
    return { ...post, ...author, url: redditPermalink(post.url, page.location) ?? post.url };
  },
};
