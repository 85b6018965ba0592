import type { SavePost } from '../../src/contract/ext';

/**
 * What an extractor reads from a page: everything the save needs, before the service worker turns it into the
 * API's `SavePost` and uploads its images. Extractors are pure (DOM node in, this out) and never call the API.
 */
export interface ExtractedPost {
  platform: SavePost['platform'];
  /** The post's canonical permalink (absolute, https), never the page's address when they differ. */
  url: string;
  /** The author's display name, e.g. "Ada Lovelace"; empty when the page does not show one. */
  authorName: string;
  /** The author's handle as the platform writes it, e.g. "@ada" on X, "u/ada" on Reddit; empty when none. */
  authorHandle: string;
  /** The whole text, a truncated "…more" already expanded where the page holds the rest. */
  text: string;
  /** ISO 8601 date-time, or null when the page does not say. */
  postedAt: string | null;
  /** Absolute URLs of the post's own images (largest variant the page offers), in order, without avatars. */
  images: string[];
  /** X: the permalink of a quoted post. */
  quotedUrl?: string;
  /** A reply: the permalink of the post it answers. */
  replyToUrl?: string;
  /** A link saved from an unknown page or site: its title; or a post's own title (Reddit's). */
  title?: string;
  /**
   * True when the page shows only the start of the text and the rest is not in the page (X's "Show more" on a
   * timeline opens the post's own page): `text` is that start. Saving from the post's own page saves it whole.
   */
  truncated?: boolean;
  /**
   * The page's oEmbed discovery link (`<link rel="alternate" type="application/json+oembed">`), found by the
   * metadata fallback. An extractor never fetches; the service worker may, for a better text or image.
   */
  oembedUrl?: string;
}

/** What the extractor knows of the page it runs in. Passed in, so extractors stay pure and testable in jsdom. */
export interface PageContext {
  /** The page's address. */
  location: URL;
  /** The page's document, for metadata in <head> (Open Graph, JSON-LD, canonical link). */
  document: Document;
}
