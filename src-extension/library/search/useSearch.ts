import { useEffect, useMemo, useState } from 'react';
import type { LibraryPost } from '../../shared/messages';
import { plainSearch } from './plainSearch';
import { buildSearchIndex, searchWords, type LibrarySearch } from './searchIndex';

export interface SearchResult {
  /** The posts the search found, best first; all posts, newest first, when there is no search. */
  found: LibraryPost[];
  /** The matched words of each found post, by url, for highlighting. */
  terms: Map<string, string[]>;
}

const NO_TERMS = new Map<string, string[]>();

/**
 * Searches the local copy as the user types. The index is built in chunks once the first cards are on screen,
 * so opening the library does not wait for it; until it is ready, a plain word match answers.
 */
export function useSearch(posts: LibraryPost[], query: string): SearchResult {
  const [built, setBuilt] = useState<{ posts: LibraryPost[]; index: LibrarySearch } | null>(null);
  useEffect(() => {
    let live = true;
    const id = setTimeout(() => {
      void buildSearchIndex(posts).then((index) => live && setBuilt({ posts, index }));
    }, 50);
    return () => {
      live = false;
      clearTimeout(id);
    };
  }, [posts]);
  const byUrl = useMemo(() => new Map(posts.map((p) => [p.url, p])), [posts]);

  return useMemo(() => {
    if (!searchWords(query)) return { found: posts, terms: NO_TERMS };
    if (built?.posts !== posts) return plainSearch(posts, searchWords(query));
    const terms = new Map<string, string[]>();
    const found: LibraryPost[] = [];
    for (const hit of built.index.search(query)) {
      const post = byUrl.get(hit.url);
      if (!post) continue;
      found.push(post);
      terms.set(hit.url, hit.terms);
    }
    return { found, terms };
  }, [posts, byUrl, built, query]);
}
