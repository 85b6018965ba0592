import type { ExtractedPost, PageContext } from '../../shared/extractedPost';
import type { PlatformReader } from '../platformReader';
import { readableText } from '../readableText';
import { extractFromMetadata } from './metadata';
import { largestSrcsetEntry } from '../srcset';
import { clickMore } from '../clickMore';

/**
 * Instagram (www.instagram.com): the feed and a post's own page (/p/{code}/, /reel/{code}/), signed in or out.
 * Everything this extension knows of Instagram's pages is in this file; when Instagram changes its markup, the
 * selectors and URL shapes below are what to fix (docs/extension.md). Instagram's class names are generated, so
 * this reads the page's roles and links instead.
 *
 * A post is an `article`: its permalink the link around its `time[datetime]` (/p/{code}/ or /reel/{code}/, also
 * written /{username}/p/{code}/), its author the first link to a profile (/{username}/), its pictures the `img`s
 * that are not profile pictures (a carousel's slides are a list of them), its action bar the `section` with Like.
 * The caption is the `h1` on a post's page; in the feed it is the first text (`span[dir=auto]`) that is no link's,
 * cut short with a "… more" button that puts the whole caption in its place. The display name is only in the
 * head of a post's own page ("NASA on Instagram: …"); elsewhere the author's name is the username the page shows.
 *
 * Comments get no Save control: they are entries in their post's page, not posts with pages of their own.
 */
const POST = 'article';
const PAGE_CAPTION = 'h1';
const FEED_CAPTION = 'span[dir="auto"]';
/** Where a feed caption's text is not: a link's name, the header, a button, the comments under a post's page. */
const NOT_CAPTION = 'a, header, [role="button"], button, ul';
const BUTTON = '[role="button"], button';
const MORE = /^…?\s*more$/i;
const ACTIONS = 'section';
const LIKE = 'svg[aria-label="Like"]';
const PROFILE_PICTURE = /profile picture$/i;
/** The label Instagram writes under an ad's account name. */
const AD_LABEL = 'Sponsored';

const HOSTS = ['www.instagram.com', 'instagram.com'] as const;
const POST_PATH = /^\/(?:[\w.]+\/)?(p|reel|tv)\/([\w-]+)\/?$/;
const PROFILE_PATH = /^\/([\w.]{1,30})\/$/;
/** Single-segment paths that are Instagram's own pages, not accounts. */
const NOT_ACCOUNTS = new Set(['explore', 'reels', 'direct', 'accounts', 'stories', 'p', 'reel', 'tv']);
/** The head of a post's page: og:title "{name} on Instagram: …", og:description "… - {username} on {date}: "…"". */
const META_NAME = /^(.+?) on Instagram: /;
const META_CAPTION = /^.*? - ([\w.]+) on [^:]+: "([\s\S]*)"\.?\s*$/;

const pathOf = (href: string, base: URL): string | null => {
  try {
    const url = new URL(href, base);
    return (HOSTS as readonly string[]).includes(url.hostname) ? url.pathname : null;
  } catch {
    return null;
  }
};

/** The canonical permalink of the post at `href` (https://www.instagram.com/p/{code}/ or /reel/{code}/), or null. */
export function instagramPermalink(href: string, base: URL): string | null {
  const match = POST_PATH.exec(pathOf(href, base) ?? '');
  if (!match) return null;
  return `https://www.instagram.com/${match[1] === 'reel' ? 'reel' : 'p'}/${match[2]}/`;
}

const usernameOf = (href: string, base: URL): string | null => {
  const name = PROFILE_PATH.exec(pathOf(href, base) ?? '')?.[1];
  return name && !NOT_ACCOUNTS.has(name) ? name : null;
};

/** The post's permalink and date: the link around its `time` (a comment's time links to /c/…, no post path). */
function permalink(node: Element, base: URL): { url: string; postedAt: string | null } | null {
  const links = [...node.querySelectorAll('a[href]')];
  links.sort((a, b) => Number(!!b.querySelector('time')) - Number(!!a.querySelector('time')));
  for (const link of links) {
    const url = instagramPermalink(link.getAttribute('href') ?? '', base);
    if (!url) continue;
    const time = Date.parse(link.querySelector('time')?.getAttribute('datetime') ?? '');
    return { url, postedAt: Number.isNaN(time) ? null : new Date(time).toISOString() };
  }
  return null;
}

const isAd = (node: Element): boolean =>
  [...node.querySelectorAll('span, div')].some(
    (el) => !el.children.length && el.textContent?.trim() === AD_LABEL && !el.closest('a'),
  );

const moreButton = (node: Element): HTMLElement | undefined =>
  [...node.querySelectorAll<HTMLElement>(BUTTON)].find((b) => MORE.test(b.textContent?.trim() ?? ''));

function caption(node: Element): Element | undefined {
  return (
    node.querySelector(PAGE_CAPTION) ??
    [...node.querySelectorAll(FEED_CAPTION)].find((span) => !span.parentElement?.closest(NOT_CAPTION))
  );
}

/** The caption as shown, without a "… more" button's text. */
function captionText(el: Element | undefined): string {
  if (!el) return '';
  const copy = el.cloneNode(true) as Element;
  copy.querySelectorAll(BUTTON).forEach((button) => button.remove());
  return readableText(copy, { keepWhitespace: true }).replace(/\s*…$/, '');
}

/** A picture's largest variant: the widest in its srcset, else its src. */
function imageUrl(img: Element, base: URL): string | null {
  const widest = largestSrcsetEntry(img.getAttribute('srcset'));
  try {
    const url = new URL(widest ?? img.getAttribute('src') ?? '', base);
    return url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The display name in the head of the post's own page, when `url` is the page's post. */
function pageName(page: PageContext, url: string): string {
  if (instagramPermalink(page.location.href, page.location) !== url) return '';
  const title = page.document.querySelector('meta[property="og:title"]')?.getAttribute('content') ?? '';
  return META_NAME.exec(title)?.[1].trim() ?? '';
}

function findPosts(root: ParentNode): Element[] {
  const posts: Element[] = [...root.querySelectorAll(POST)];
  if ('matches' in root && (root as Element).matches(POST)) posts.unshift(root as Element);
  return posts.filter((post) => !post.parentElement?.closest(POST));
}

function extract(node: Element, page: PageContext): ExtractedPost | null {
  const self = permalink(node, page.location);
  if (!self || isAd(node)) return null;
  const username =
    [...node.querySelectorAll('a[href]')]
      .map((a) => usernameOf(a.getAttribute('href') ?? '', page.location))
      .find((name) => name) ?? '';
  const images = [...node.querySelectorAll('img')]
    .filter((img) => {
      const link = img.closest('a[href]');
      return (
        !PROFILE_PICTURE.test(img.alt) &&
        !(link && usernameOf(link.getAttribute('href') ?? '', page.location))
      );
    })
    .map((img) => imageUrl(img, page.location))
    .filter((src, i, all): src is string => !!src && all.indexOf(src) === i);
  const post: ExtractedPost = {
    platform: 'instagram',
    url: self.url,
    authorName: pageName(page, self.url) || username,
    authorHandle: username && `@${username}`,
    text: captionText(caption(node)),
    postedAt: self.postedAt,
    images,
  };
  // expand() clicks "… more" before a save; a button still there means the rest did not come.
  if (moreButton(node)) post.truncated = true;
  return post;
}

/**
 * The post a post's own page is about: its article, else what the page's head says (Open Graph: the name, the
 * username and the caption are in og:title and og:description) under the canonical permalink. The head's date
 * has no time of day, so postedAt stays null then. Any other page: its metadata as it is.
 */
function pagePost(page: PageContext): ExtractedPost | null {
  const here = instagramPermalink(page.location.href, page.location);
  if (here) {
    for (const node of findPosts(page.document)) {
      const post = extract(node, page);
      if (post?.url === here) return post;
    }
  }
  const post = extractFromMetadata(page, 'instagram');
  const url = post && (here ?? instagramPermalink(post.url, page.location));
  if (!post || !url) return post;
  const meta = (key: string) =>
    page.document.querySelector(`meta[property="${key}"]`)?.getAttribute('content') ?? '';
  const described = META_CAPTION.exec(meta('og:description'));
  // The head's title is Instagram's "{name} on Instagram: …", not the post's own.
  const { title: _title, ...rest } = post;
  return {
    ...rest,
    url,
    authorName: META_NAME.exec(meta('og:title'))?.[1].trim() || post.authorName,
    authorHandle: described ? `@${described[1]}` : post.authorHandle,
    text: described ? described[2] : post.text,
  };
}

export const instagramReader: PlatformReader = {
  platform: 'instagram',
  hosts: HOSTS,
  findPosts,
  extract,
  controlAnchor(node) {
    const bar = [...node.querySelectorAll(ACTIONS)].find((section) => section.querySelector(LIKE));
    return bar?.lastElementChild ?? bar ?? node;
  },
  expand: (node) => clickMore(moreButton(node)),
  pagePost,
};
