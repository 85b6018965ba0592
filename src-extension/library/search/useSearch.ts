import { useEffect, useMemo, useRef, useState } from 'react';
import type { LibraryPost } from '../../shared/messages';
import { createSearchIndex, type LibrarySearch } from './searchIndex';

export interface SearchResult {
  /** The posts the search found, best first; all posts, newest first, when there is no search. */
  found: LibraryPost[];
  /** The matched words of each found post, by url, for highlighting. */
  terms: Map<string, string[]>;
}

const NO_TERMS = new Map<string, string[]>();

/**
 * Searches the local copy as the user types. The index is built once the first cards are on screen (idle), so
 * opening the library does not wait for it; a search typed before that builds it at once.
 */
export function useSearch(posts: LibraryPost[], query: string): SearchResult {
  const built = useRef<{ posts: LibraryPost[]; index: LibrarySearch } | null>(null);
  const [, setReady] = useState(0);

  useEffect(() => {
    if (built.current?.posts === posts) return;
    const id = setTimeout(() => {
      built.current = { posts, index: createSearchIndex(posts) };
      setReady((n) => n + 1);
    }, 50);
    return () => clearTimeout(id);
  }, [posts]);

  return useMemo(() => {
    const q = query.trim();
    if (!q) return { found: posts, terms: NO_TERMS };
    if (built.current?.posts !== posts) built.current = { posts, index: createSearchIndex(posts) };
    const byUrl = new Map(posts.map((p) => [p.url, p]));
    const terms = new Map<string, string[]>();
    const found: LibraryPost[] = [];
    for (const hit of built.current.index.search(q)) {
      const post = byUrl.get(hit.url);
      if (!post) continue;
      found.push(post);
      terms.set(hit.url, hit.terms);
    }
    return { found, terms };
  }, [posts, query]);
}
