import { and, sql, type SQL } from 'drizzle-orm';
import type { LibraryFilter } from '../../src/contract/library';
import type { Db } from '../db/connect';
import { posts } from '../db/schema';
import { searchMatch, searchTerm } from './postSearch';

/** The library's filters as SQL conditions, apart, so a facet can leave its own filter out of its counts. */
export interface LibraryScope {
  /** The user's posts the search finds, carrying every tag asked for: what every count shares. */
  base: SQL;
  /** Any of the platforms asked for (true without a platform filter). */
  platform: SQL;
  /** The category asked for (true without one). */
  category: SQL;
  /** The search matches close spellings: statements run under withSearchSettings. */
  typo: boolean;
}

/** Tags as posts store them: trimmed and lower-cased, as the list's tag filter compares them. */
const asStored = (tags: string[]) => [...new Set(tags.map((t) => t.trim().toLowerCase()).filter(Boolean))];

/**
 * The conditions for one user's library under `filter`. The search decides between matching as typed and close
 * spellings (postSearch.ts) over the user's posts with the other filters, hence the database.
 */
export async function libraryScope(db: Db, userId: string, filter: LibraryFilter): Promise<LibraryScope> {
  const conds: SQL[] = [sql`${posts.userId} = ${userId}`];
  const tags = asStored(filter.tag ?? []);
  // Array containment: every tag asked for is on the post.
  if (tags.length) conds.push(sql`${posts.tags} @> ${sqlTextArray(tags)}`);
  const platform = filter.platform?.length
    ? sql`${posts.platform} = any(${sqlTextArray(filter.platform)})`
    : sql`true`;
  const category = filter.category ? sql`${posts.category} = ${filter.category}` : sql`true`;
  const term = searchTerm(filter.q);
  const search = term ? await searchMatch(db, and(...conds, platform, category)!, term) : null;
  if (search) conds.push(search.where);
  return { base: and(...conds)!, platform, category, typo: search?.typo ?? false };
}

/** A text[] literal from values, each a bound parameter (never spliced into the SQL). */
const sqlTextArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
