import type { ExtractedPost, PageContext } from '../shared/extractedPost';

/**
 * Everything the extension knows about one platform's page structure, in one file per platform
 * (content/platforms/<platform>.ts), so a site's change is a one-file fix.
 */
export interface PlatformReader {
  platform: ExtractedPost['platform'];
  /** Host names the reader runs on, e.g. ['x.com', 'twitter.com']. */
  hosts: readonly string[];
  /**
   * The post elements under `root` (the document or a subtree a MutationObserver reported), each once, outermost
   * only: a quoted post inside a post is part of that post, not a post of its own.
   */
  findPosts(root: ParentNode, page: PageContext): Element[];
  /**
   * The post in `node`, or null when it must not be offered a Save control: a promoted post or ad, or a node
   * without a permalink (a login wall, a placeholder).
   */
  extract(node: Element, page: PageContext): ExtractedPost | null;
  /** The element after which the Save control is inserted (inside the post, near its own action bar). */
  controlAnchor(node: Element): Element;
  /**
   * Optional: reveal what the page holds behind a click before `extract` reads the post (a "…more" that expands
   * in place). The runtime awaits it on a save, then calls `extract`. It must never navigate: a "Show more" that
   * opens the post's own page is left alone, and `extract` marks the text `truncated`.
   */
  expand?(node: Element): Promise<void> | void;
  /**
   * Optional: the post this page is about, for the popup's "Save this post" and the context menu: the page's own
   * post when the reader finds it (a post's own page), else the page's metadata (extractFromMetadata) under the
   * platform's canonical permalink. Without it the runtime uses extractFromMetadata(page, platform).
   */
  pagePost?(page: PageContext): ExtractedPost | null;
}
