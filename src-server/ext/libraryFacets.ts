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
  return withSearchSettings(ctx.db, async (db) => {
    const scope = await libraryScope(db, userId, filter);
    const [found] = await rows<LibraryFacets>(
      db,
      sql`with m as materialized (
            select ${posts.platform} as platform, ${posts.tags} as tags, ${posts.category} as category,
              ${scope.platform} as in_platform, ${scope.category} as in_category
            from ${posts} where ${scope.base})
          select
            (select count(*)::int from m where in_platform and in_category) as total,
            ${countsJson(sql`select platform as value, count(*)::int as count from m where in_category group by platform`)} as platforms,
            ${countsJson(sql`select tag as value, count(*)::int as count from m cross join unnest(m.tags) as tag
              where in_platform and in_category group by tag order by count(*) desc, tag limit ${LIBRARY_LIMITS.facetTags}`)} as tags,
            ${countsJson(sql`select category as value, count(*)::int as count from m
              where in_platform and category is not null group by category`)} as categories`,
    );
    return found;
  });
}
