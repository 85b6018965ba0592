/**
 * What a saved post's row costs beyond its text: id, user id, platform, dates, size, and its share of the
 * (user, url) and search index entries. A fixed figure, so the same post always counts the same.
 */
export const POST_ROW_BYTES = 256;

export interface SizedPost {
  url: string;
  author: string;
  text: string;
  tags: readonly string[];
  category: string | null;
}

/**
 * sizeBytes of a post, counted in users.storage_used: the UTF-8 bytes of its url, author, text, every tag and
 * its category, plus POST_ROW_BYTES. Media are counted apart, by their file size.
 */
export function postSizeBytes(p: SizedPost): number {
  const utf8 = (s: string) => Buffer.byteLength(s, 'utf8');
  return (
    POST_ROW_BYTES +
    utf8(p.url) +
    utf8(p.author) +
    utf8(p.text) +
    p.tags.reduce((sum, tag) => sum + utf8(tag), 0) +
    utf8(p.category ?? '')
  );
}
