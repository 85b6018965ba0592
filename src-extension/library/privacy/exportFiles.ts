import { toCsv, type CsvColumn } from '../../../src/format/csv';
import type { LibraryPost } from '../../shared/messages';

/** Every field the library keeps of a post, in this order, in both files. */
const COLUMNS: CsvColumn<LibraryPost>[] = [
  { header: 'url', value: (p) => p.url },
  { header: 'platform', value: (p) => p.platform },
  { header: 'author', value: (p) => p.author },
  { header: 'authorHandle', value: (p) => p.authorHandle },
  { header: 'title', value: (p) => p.title },
  { header: 'text', value: (p) => p.text },
  { header: 'postedAt', value: (p) => p.postedAt },
  { header: 'savedAt', value: (p) => p.savedAt },
  { header: 'state', value: (p) => p.state },
  { header: 'tags', value: (p) => p.tags.join(', ') },
  { header: 'category', value: (p) => p.category },
  { header: 'postId', value: (p) => p.postId ?? '' },
  { header: 'images', value: (p) => (p.images ?? []).join(' ') },
];

/** The whole library as JSON: every field, tags and pictures as lists. */
export function libraryJson(posts: readonly LibraryPost[], exportedAt: string): string {
  const full = posts.map((p) => ({ ...p, postId: p.postId ?? null, images: p.images ?? [] }));
  return `${JSON.stringify({ exportedAt, count: posts.length, posts: full }, null, 2)}\n`;
}

/**
 * The whole library as CSV: one row a post, every cell quoted, and text a spreadsheet would run as a formula
 * (=, +, -, @ first) neutralised (src/format/csv.ts).
 */
export const libraryCsv = (posts: readonly LibraryPost[]) => toCsv(posts, COLUMNS);

/** `postkeeper-library-YYYY-MM-DD.json` (or .csv). */
export const exportName = (ext: 'json' | 'csv', now: Date) =>
  `postkeeper-library-${now.toISOString().slice(0, 10)}.${ext}`;
