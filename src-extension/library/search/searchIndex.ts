import MiniSearch from 'minisearch';
import type { LibraryPost } from '../../shared/messages';

/** One hit: the post's url, and the words of the post that matched (for highlighting). */
export interface SearchHit {
  url: string;
  score: number;
  terms: string[];
}

export interface LibrarySearch {
  /** The posts matching every word of `query`, best first; a typo and a word's beginning match too. */
  search(query: string): SearchHit[];
}

interface Doc {
  url: string;
  text: string;
  title: string;
  author: string;
  tags: string;
}

// A tag or an author that matches says more about a post than a word somewhere in its text.
const BOOST = { tags: 3, author: 2, title: 1.5, text: 1 };

/** A word of two letters or more tolerates one typo; longer words a little more (a fifth of their letters). */
const fuzzy = (term: string) => (term.length < 4 ? false : 0.2);

/**
 * The library's search index (minisearch), built in the page over the local copy: text, title, author (name and
 * handle) and tags, ranked by relevance with tags and authors boosted, prefix and fuzzy matching.
 */
export function createSearchIndex(posts: readonly LibraryPost[]): LibrarySearch {
  const index = new MiniSearch<Doc>({
    idField: 'url',
    fields: ['text', 'title', 'author', 'tags'],
    searchOptions: { boost: BOOST, prefix: true, fuzzy, combineWith: 'AND' },
  });
  index.addAll(
    posts.map((p) => ({
      url: p.url,
      text: p.text,
      title: p.title,
      author: `${p.author} ${p.authorHandle}`,
      tags: p.tags.join(' '),
    })),
  );
  return {
    search(query) {
      const q = query.trim();
      if (!q) return [];
      return index.search(q).map((r) => ({ url: r.id as string, score: r.score, terms: r.terms }));
    },
  };
}
