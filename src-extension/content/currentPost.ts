import type { ExtractedPost, PageContext } from '../shared/extractedPost';
import type { PlatformReader } from './platformReader';
import { extractFromMetadata } from './platforms/metadata';

/** How long a right-click names "the post" for the context menu's Save (the menu's item comes right after it). */
export const RIGHT_CLICK_MEMORY_MS = 10_000;

export interface CurrentPostHints {
  /** The link the context menu was opened on. */
  linkUrl?: string;
  /** What was right-clicked last, if recently: the context menu opened on a post's text or picture. */
  clicked?: Node | null;
}

const sameUrl = (a: string, b: string) => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

/** The share of the viewport's height a post covers; the post most in view is the one a reader is looking at. */
function visibleHeight(el: Element, viewportHeight: number): number {
  const box = el.getBoundingClientRect();
  return Math.max(0, Math.min(box.bottom, viewportHeight) - Math.max(box.top, 0));
}

/**
 * The post a tab shows, as the popup's "Save this post" and the context menu save it: the post of the link the
 * menu was opened on (or that holds it), or the post right-clicked; else the page's own post (a post's page);
 * else the post most in view in a timeline; else the page as a link from its metadata.
 */
export function currentPost(
  reader: PlatformReader,
  page: PageContext,
  hints: CurrentPostHints = {},
): ExtractedPost | null {
  const read = reader
    .findPosts(page.document, page)
    .map((node) => ({ node, post: reader.extract(node, page) }))
    .filter((r): r is { node: Element; post: ExtractedPost } => r.post !== null);
  const { linkUrl, clicked } = hints;
  if (linkUrl) {
    const hit =
      read.find((r) => sameUrl(r.post.url, linkUrl)) ??
      read.find((r) =>
        [...r.node.querySelectorAll('a[href]')].some((a) => sameUrl((a as HTMLAnchorElement).href, linkUrl)),
      );
    if (hit) return hit.post;
  }
  if (clicked) {
    const hit = read.find((r) => r.node.contains(clicked));
    if (hit) return hit.post;
  }
  const own = reader.pagePost?.(page) ?? null;
  if (own && read.some((r) => r.post.url === own.url)) return own;
  const viewportHeight = page.document.defaultView?.innerHeight ?? 0;
  let best: { post: ExtractedPost; seen: number } | null = null;
  for (const r of read) {
    const seen = visibleHeight(r.node, viewportHeight);
    if (seen > 0 && (!best || seen > best.seen)) best = { post: r.post, seen };
  }
  return best?.post ?? own ?? extractFromMetadata(page, reader.platform);
}
