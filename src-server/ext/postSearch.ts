import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { posts } from '../db/schema';
import { likePattern } from '../admin/userRows';
import { rows } from '../admin/sqlRows';

// How a search finds and orders a user's posts (docs/product.md, Extension API). The same SQL runs on PostgreSQL and
// PGlite. Three ways to match, each backed by an index, so a selective search never reads a whole library
// (the third only when the first two find nothing):
//   - full-text: the words (stemmed, English) against posts.search_vector (posts_search_fts_idx), written as people
//     type into a search box (websearch_to_tsquery: "quoted phrase", -excluded, or);
//   - substring: the text as typed inside author, handle, title, text or tags (ILIKE), so a word's beginning
//     matches ("grow" finds "growth");
//   - typo: a word close to the text's words (pg_trgm's <%), so "markting" finds "marketing".
// Both last ones use posts_search_trgm_idx over post_search_text, the same expression.

/** How alike a searched word and a word of the post must be for a typo to match (pg_trgm's default is 0.6). */
export const TYPO_SIMILARITY = 0.5;
/** Shorter searches skip the typo match: two or three letters are alike too many words. */
const TYPO_MIN_LENGTH = 4;

const searchText = sql`post_search_text(${posts.author}, ${posts.authorHandle}, ${posts.title}, ${posts.text}, ${posts.tags})`;
const tsQuery = (term: string) => sql`websearch_to_tsquery('english', ${term})`;

/** The search as typed, or null when there is nothing to search for. */
export function searchTerm(raw: string | undefined): string | null {
  const term = raw?.trim();
  return term ? term : null;
}

/** Posts the term finds as typed: its words (full text) or the text itself (a substring, such as a beginning). */
export function exactMatch(term: string): SQL {
  return sql`(${posts.searchVector} @@ ${tsQuery(term)} or ${searchText} ilike ${likePattern(term)})`;
}

/** Posts with words close to the term's: a typo's spellings. */
export function typoMatch(term: string): SQL {
  return sql`${term} <% ${searchText}`;
}

/** A search as SQL: which posts it finds and, for a ranked list, their order (best first). */
export interface SearchSql {
  where: SQL;
  order: SQL[];
  /** Close spellings: the statements must run under withSearchSettings. */
  typo: boolean;
}

/**
 * The posts a search finds among those `scope` selects: as typed when any match, ranked by ts_rank (author,
 * handle and tags weigh most, then title, then text), text-only matches after; otherwise (a typo, usually) the
 * close spellings, closest first, so a slip still finds the post without burying exact results under near ones.
 */
export async function searchMatch(db: Db, scope: SQL, term: string): Promise<SearchSql> {
  const exact = { where: exactMatch(term), order: exactOrder(term), typo: false };
  if (term.length < TYPO_MIN_LENGTH) return exact;
  const [found] = await rows<{ any: boolean }>(
    db,
    sql`select exists (select 1 from ${posts} where ${scope} and ${exact.where}) as any`,
  );
  return found.any
    ? exact
    : { where: typoMatch(term), order: [sql`word_similarity(${term}, ${searchText}) desc`], typo: true };
}

function exactOrder(term: string): SQL[] {
  // Ranked by the words looked for: ts_rank of a query with a left-out word (-word) ranks every match 0.
  const wanted = term.replace(/(^|\s)-("[^"]*"?|\S+)/g, ' ').trim() || term;
  return [
    sql`(${posts.searchVector} @@ ${tsQuery(term)}) desc`,
    sql`ts_rank(${posts.searchVector}, ${tsQuery(wanted)}) desc`,
  ];
}

/**
 * Runs `work` where the typo match uses TYPO_SIMILARITY: a setting of a transaction of its own, so every other
 * query of the pool keeps pg_trgm's default. Without a typo match, `work` runs as it is (no transaction to pay).
 */
export async function withSearchSettings<T>(db: Db, typo: boolean, work: (tx: Db) => Promise<T>): Promise<T> {
  if (!typo) return work(db);
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${String(TYPO_SIMILARITY)}, true)`,
    );
    return work(tx as unknown as Db);
  });
}
