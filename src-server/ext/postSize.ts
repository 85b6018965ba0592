/**
 * What a saved post's row costs beyond its text: id, user id, platform, dates, size, and its share of the
 * (user, url) and search index entries. A fixed figure, so the same post always counts the same.
 */
export const POST_ROW_BYTES = 256;

export interface SizedPost {
  url: string;
  author: string;
  authorHandle?: string;
  title?: string;
  text: string;
  quotedUrl?: string | null;
  replyToUrl?: string | null;
  tags: readonly string[];
  category: string | null;
}

/**
 * sizeBytes of a post, counted in users.storage_used: the UTF-8 bytes of its url, author (name and handle),
 * title, text, quoted and answered post's links, every tag and its category, plus POST_ROW_BYTES. Media are
 * counted apart, by their file size.
 */
export function postSizeBytes(p: SizedPost): number {
  const utf8 = (s: string | null | undefined) => Buffer.byteLength(s ?? '', 'utf8');
  return (
    POST_ROW_BYTES +
    utf8(p.url) +
    utf8(p.author) +
    utf8(p.authorHandle) +
    utf8(p.title) +
    utf8(p.text) +
    utf8(p.quotedUrl) +
    utf8(p.replyToUrl) +
    p.tags.reduce((sum, tag) => sum + utf8(tag), 0) +
    utf8(p.category)
  );
}
