import type { LibraryPost } from '../../shared/messages';

/**
 * While the search index is being built: the posts whose text, title, author or tags contain every word, newest
 * first, with those words marked. No ranking or typos yet; the index takes over within a second.
 */
export function plainSearch(posts: readonly LibraryPost[], query: string) {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const terms = new Map<string, string[]>();
  const found = posts.filter((p) => {
    const hay = `${p.text} ${p.title} ${p.author} ${p.authorHandle} ${p.tags.join(' ')}`.toLowerCase();
    if (!words.every((w) => hay.includes(w))) return false;
    const matched = new Set<string>();
    for (const w of hay.match(/[\p{L}\p{N}]+/gu) ?? [])
      if (words.some((q) => w.startsWith(q))) matched.add(w);
    terms.set(p.url, [...matched]);
    return true;
  });
  return { found, terms };
}
