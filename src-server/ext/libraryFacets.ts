import { sql } from 'drizzle-orm';
import { LIBRARY_LIMITS, type LibraryFacets, type LibraryFilter } from '../../src/contract/library';
import type { AppContext } from '../context';
import { posts } from '../db/schema';
import { rows } from '../admin/sqlRows';
import { libraryScope } from './libraryScope';
import { withSearchSettings } from './postSearch';

/** `select value, count ...` rows as one JSON array of {value, count}, in the rows' order ([] for none). */
export const countsJson = (select: ReturnType<typeof sql>) =>
  sql`(select coalesce(json_agg(json_build_object('value', c.value, 'count', c.count) order by c.count desc, c.value), '[]'::json)
       from (${select}) c)`;

/**
 * GET /api/ext/library/facets: the sidebar's counts in one statement over the matching posts. Each facet leaves
 * its own filter out, so picking X still shows what LinkedIn would add: platform counts follow the search, the
 * tags and the category; category counts the search, the tags and the platforms; tag counts (tags narrow: each
 * one picked must be on the post) and the total follow every filter.
 */
export async function libraryFacets(
  ctx: AppContext,
  userId: string,
  filter: LibraryFilter,
): Promise<LibraryFacets> {
  const scope = await libraryScope(ctx.db, userId, filter);
  return withSearchSettings(ctx.db, scope.typo, async (db) => {
    // One pass over the posts grouped by platform and category (a few dozen groups) gives the total and both
    // facets; tags need a pass of their own (unnest). No intermediate copy of the library is kept.
    const [found] = await rows<LibraryFacets>(
      db,
      sql`with g as (
            select ${posts.platform} as platform, ${posts.category} as category, ${scope.platform} as in_platform,
              ${scope.category} as in_category, count(*)::int as n
            from ${posts} where ${scope.base} group by ${posts.platform}, ${posts.category})
          select
            (select coalesce(sum(n), 0)::int from g where in_platform and in_category) as total,
            ${countsJson(sql`select platform as value, sum(n)::int as count from g where in_category group by platform`)} as platforms,
            ${countsJson(sql`select tag as value, count(*)::int as count from ${posts} cross join unnest(${posts.tags}) as tag
              where ${scope.base} and ${scope.platform} and ${scope.category}
              group by tag order by count(*) desc, tag limit ${LIBRARY_LIMITS.facetTags}`)} as tags,
            ${countsJson(sql`select category as value, sum(n)::int as count from g
              where in_platform and category is not null group by category`)} as categories`,
    );
    return found;
  });
}
