import type MiniSearch from 'minisearch';
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

/**
 * Words of five letters or more tolerate a typo (a fifth of their letters, at most two); shorter ones must be
 * right. Only the word being typed (the last) matches as a beginning: a finished word need not, and each
 * expansion costs time on every keystroke.
 */
const fuzzy = (term: string) => (term.length < 5 ? false : 0.2);
const prefix = (_term: string, i: number, terms: string[]) => i === terms.length - 1;

/** Posts added to the index per task while it is built, so the page answers between them. */
const CHUNK = 500;

const toDoc = (p: LibraryPost): Doc => ({
  url: p.url,
  text: p.text,
  title: p.title,
  author: `${p.author} ${p.authorHandle}`,
  tags: p.tags.join(' '),
});

/**
 * The words of a query worth searching: a lone letter matches too much to mean anything (it is the start of the
 * next word being typed), so it is left out; a query of only that is no search.
 */
export function searchWords(query: string): string {
  const words = query.trim().split(/\s+/).filter(Boolean);
  const last = words[words.length - 1];
  if (last && [...last].length < 2) words.pop();
  return words.join(' ');
}

/** minisearch is loaded with the first index, after the first cards: opening the library does not parse it. */
async function newIndex(): Promise<MiniSearch<Doc>> {
  const { default: Search } = await import('minisearch');
  return new Search<Doc>({
    idField: 'url',
    fields: ['text', 'title', 'author', 'tags'],
    searchOptions: { boost: BOOST, prefix, fuzzy, maxFuzzy: 2, combineWith: 'AND' },
  });
}

function wrap(index: MiniSearch<Doc>): LibrarySearch {
  return {
    search(query) {
      const q = searchWords(query);
      if (!q) return [];
      return index.search(q).map((r) => ({ url: r.id as string, score: r.score, terms: r.terms }));
    },
  };
}

/**
 * The library's search index (minisearch), built in the page over the local copy: text, title, author (name and
 * handle) and tags, ranked by relevance with tags and authors boosted, prefix and fuzzy matching. Built a chunk
 * at a time (10,000 posts take about a second), so the page answers meanwhile.
 */
export async function buildSearchIndex(posts: readonly LibraryPost[]): Promise<LibrarySearch> {
  const index = await newIndex();
  await index.addAllAsync(posts.map(toDoc), { chunkSize: CHUNK });
  return wrap(index);
}
