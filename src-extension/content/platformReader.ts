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
}
