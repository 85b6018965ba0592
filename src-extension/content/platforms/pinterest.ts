import type { ExtractedPost, PageContext } from '../../shared/extractedPost';
import type { PlatformReader } from '../platformReader';
import { readableText } from '../readableText';
import { jsonLdAuthorUrl } from './jsonLdAuthor';
import { extractFromMetadata } from './metadata';
import { largestSrcsetEntry } from '../srcset';
import { clickMore } from '../clickMore';

/**
 * Pinterest (www.pinterest.com): a pin's own page (/pin/{id}/) and the grids (the home feed, boards, search, the
 * pins under a pin). Everything this extension knows of Pinterest's pages is in this file; when Pinterest changes
 * its markup, the selectors and URL shapes below are what to fix (docs/extension.md).
 *
 * A pin's page shows its closeup, `[data-test-id="closeup-body"]`: the picture (or a carousel's pictures) in
 * `pin-closeup-image`, the title in an `h1`, the description (cut at "more"), the creator in
 * `creator-profile-name`. Its head says the same whole (`og:type` `pinterestapp:pin`, and JSON-LD with the
 * description and `datePublished`, the only place that dates a pin); the head is used when it is about the
 * closeup's pin (after moving from pin to pin in the page, it may still be the first pin's). A grid's pin is a
 * `[data-grid-item]` (or `[data-test-id="pin"]`) with a link to /pin/{id}/ around a thumbnail; the grid shows a
 * title and creator only for some. Pictures come from i.pinimg.com in sizes named by the path's first segment.
 *
 * A pin's title is saved as the post's title and its description as its text. Promoted pins ("Promoted by") and
 * comments get no Save control.
 */
const CLOSEUP = '[data-test-id="closeup-body"]';
const POST = `${CLOSEUP}, [data-grid-item], [data-test-id="pin"]`;
const CLOSEUP_IMAGE = '[data-test-id="pin-closeup-image"] img';
const CLOSEUP_ACTIONS = '[data-test-id="closeup-action-bar"]';
const DESCRIPTION = '[data-test-id="description-content-container"]';
const CREATOR = '[data-test-id="creator-profile-name"]';
const CREATOR_LINK = `${CREATOR} a[href], a[data-test-id="creator-avatar-link"]`;
const PIN_LINK = 'a[href*="/pin/"]';
const GRID_TITLE = '[data-test-id="pinrep-footer-organic-title"]';
const GRID_CREATOR = '[data-test-id="pinrep-footer-organic-attribution"] a[href]';
const PROMOTED = '[data-test-id="oneTapPromotedPin"]';
const PROMOTED_LABEL = /^Promoted( by)?$/;
/** An alt text Pinterest wrote itself from the picture, not the pinner's words. */
const GENERATED_ALT = /^This may contain:/;
const MORE = /^…?\s*more$/i;

const HOSTS = ['www.pinterest.com', 'pinterest.com'] as const;
/** Pinterest's own hosts, the country sites too (www.pinterest.co.uk): their pins are the same pins. */
const PINTEREST_HOST = /^([\w-]+\.)?pinterest\.[a-z]{2,3}(\.[a-z]{2})?$/;
const PIN_PATH = /^\/pin\/([\w-]+)\/?$/;
const PROFILE_PATH = /^\/([\w.-]+)\/$/;
const NOT_PROFILES = new Set(['pin', 'search', 'ideas', 'today', 'login', 'signup', 'settings', 'business']);
/** A thumbnail's size segment (/236x/, /474x/): the same picture is at /736x/, which every pin has. */
const THUMBNAIL = /^\/(\d{2,3})x\//;
const LARGE_WIDTH = 736;

const pathOf = (href: string, base: URL): string | null => {
  try {
    const url = new URL(href, base);
    return PINTEREST_HOST.test(url.hostname) ? url.pathname : null;
  } catch {
    return null;
  }
};

/** The canonical permalink of the pin at `href`, https://www.pinterest.com/pin/{id}/, or null. */
export function pinterestPermalink(href: string, base: URL): string | null {
  const id = PIN_PATH.exec(pathOf(href, base) ?? '')?.[1];
  return id ? `https://www.pinterest.com/pin/${id}/` : null;
}

/** "@{username}" from a profile's address, or ''. */
function handleOf(href: string, base: URL): string {
  const name = PROFILE_PATH.exec(pathOf(href, base) ?? '')?.[1];
  return name && !NOT_PROFILES.has(name) ? `@${name}` : '';
}

/**
 * A picture's largest variant: its srcset's largest entry (Pinterest lists 1x to 4x, the last the originals), at
 * least the /736x/ one.
 */
function imageUrl(img: Element, base: URL): string | null {
  const largest = largestSrcsetEntry(img.getAttribute('srcset'));
  try {
    const url = new URL(largest ?? img.getAttribute('src') ?? '', base);
    if (url.protocol !== 'https:') return null;
    const width = Number(THUMBNAIL.exec(url.pathname)?.[1] ?? LARGE_WIDTH);
    if (url.hostname === 'i.pinimg.com' && width < LARGE_WIDTH)
      url.pathname = url.pathname.replace(THUMBNAIL, `/${LARGE_WIDTH}x/`);
    return url.href;
  } catch {
    return null;
  }
}

const images = (imgs: Element[], base: URL) =>
  imgs
    .map((img) => imageUrl(img, base))
    .filter((src, i, all): src is string => !!src && all.indexOf(src) === i);

const moreButton = (node: Element): HTMLElement | undefined =>
  [...node.querySelectorAll<HTMLElement>(`${DESCRIPTION} button, ${DESCRIPTION} [role="button"]`)].find((b) =>
    MORE.test(b.textContent?.trim() ?? ''),
  );

const isPromoted = (node: Element): boolean =>
  !!node.querySelector(PROMOTED) ||
  [...node.querySelectorAll('span, div')].some(
    (el) => !el.children.length && PROMOTED_LABEL.test(el.textContent?.trim() ?? ''),
  );

/** What the page's head says, when it is about the pin at `url` (the metadata fallback's reading of it). */
function headAbout(page: PageContext, url: string): ExtractedPost | null {
  const head = extractFromMetadata(page, 'pinterest');
  if (!head || pinterestPermalink(head.url, page.location) !== url) return null;
  return {
    ...head,
    url,
    authorHandle: head.authorHandle || handleOf(jsonLdAuthorUrl(page.document), page.location),
  };
}

/** The closeup on a pin's own page: the page's address names the pin. */
function extractCloseup(node: Element, page: PageContext): ExtractedPost | null {
  const url = pinterestPermalink(page.location.href, page.location);
  if (!url) return null;
  const head = headAbout(page, url);
  const creator = node.querySelector(CREATOR);
  const creatorLink = node.querySelector(CREATOR_LINK);
  const description = node.querySelector(DESCRIPTION);
  const title = node.querySelector('h1');
  const post: ExtractedPost = {
    platform: 'pinterest',
    url,
    authorName: (creator && readableText(creator)) || head?.authorName || '',
    authorHandle:
      handleOf(creatorLink?.getAttribute('href') ?? '', page.location) || head?.authorHandle || '',
    // The head holds the whole description, where the page shows its start until "more" is clicked.
    text: head?.text || (description ? readableText(description).replace(/\s*…$/, '') : ''),
    postedAt: head?.postedAt ?? null,
    images: images([...node.querySelectorAll(CLOSEUP_IMAGE)], page.location),
  };
  const pinTitle = (title && readableText(title)) || head?.title;
  if (pinTitle) post.title = pinTitle;
  if (!head?.text && moreButton(node)) post.truncated = true;
  return post;
}

/** A pin in a grid: its link, thumbnail, and the title and creator when the grid shows them. */
function extractGridPin(node: Element, page: PageContext): ExtractedPost | null {
  const links = [...node.querySelectorAll(PIN_LINK)];
  const url = links
    .map((a) => pinterestPermalink(a.getAttribute('href') ?? '', page.location))
    .find((u) => u);
  if (!url) return null;
  const thumbnails = links.flatMap((a) => [...a.querySelectorAll('img')]);
  const alt = thumbnails[0]?.getAttribute('alt')?.trim() ?? '';
  const creator = node.querySelector(GRID_CREATOR);
  const title = node.querySelector(GRID_TITLE);
  const post: ExtractedPost = {
    platform: 'pinterest',
    url,
    authorName: creator ? readableText(creator) : '',
    authorHandle: creator ? handleOf(creator.getAttribute('href') ?? '', page.location) : '',
    text: GENERATED_ALT.test(alt) ? '' : alt,
    postedAt: null,
    images: images(thumbnails, page.location),
  };
  if (title) post.title = readableText(title);
  return post;
}

function findPosts(root: ParentNode): Element[] {
  const posts = [...root.querySelectorAll(POST)];
  if ('matches' in root && (root as Element).matches(POST)) posts.unshift(root as Element);
  return posts.filter((post) => !post.parentElement?.closest(POST));
}

function extract(node: Element, page: PageContext): ExtractedPost | null {
  if (isPromoted(node)) return null;
  return node.matches(CLOSEUP) ? extractCloseup(node, page) : extractGridPin(node, page);
}

/**
 * The pin a pin's own page is about: its closeup, else what the page's head says (Open Graph, JSON-LD) when it is
 * about that pin, under the canonical permalink. Any other page (a grid): its metadata as it is.
 */
function pagePost(page: PageContext): ExtractedPost | null {
  const here = pinterestPermalink(page.location.href, page.location);
  if (!here) return extractFromMetadata(page, 'pinterest');
  for (const node of findPosts(page.document)) {
    const post = extract(node, page);
    if (post?.url === here) return post;
  }
  return headAbout(page, here);
}

export const pinterestReader: PlatformReader = {
  platform: 'pinterest',
  hosts: HOSTS,
  findPosts,
  extract,
  controlAnchor(node) {
    const bar = node.querySelector(CLOSEUP_ACTIONS);
    return bar?.lastElementChild ?? bar ?? node.querySelector(PIN_LINK) ?? node;
  },
  expand: (node) => clickMore(moreButton(node)),
  pagePost,
};
