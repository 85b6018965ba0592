import { sql } from 'drizzle-orm';
import { LIBRARY_LIMITS, type LibraryFilter, type LibraryStats } from '../../src/contract/library';
import type { AppContext } from '../context';
import { posts } from '../db/schema';
import { rows } from '../admin/sqlRows';
import { countsJson } from './libraryFacets';
import { libraryScope } from './libraryScope';
import { withSearchSettings } from './postSearch';

/**
 * GET /api/ext/library/stats: the analytics of the posts every filter matches, in one statement: saves per week
 * for the LIBRARY_LIMITS.weeks weeks up to `now`'s (weeks start on Monday, UTC; weeks without saves count 0),
 * saves by platform, and the top tags and authors (the display name, or the handle when the save had none).
 */
export async function libraryStats(
  ctx: AppContext,
  userId: string,
  filter: LibraryFilter,
  now: Date,
): Promise<LibraryStats> {
  const scope = await libraryScope(ctx.db, userId, filter);
  return withSearchSettings(ctx.db, scope.typo, async (db) => {
    const thisWeek = sql`date_trunc('week', ${now.toISOString()}::timestamptz at time zone 'UTC')`;
    const firstWeek = sql`(${thisWeek} - interval '${sql.raw(String(LIBRARY_LIMITS.weeks - 1))} weeks')`;
    const all = sql`${scope.base} and ${scope.platform} and ${scope.category}`;
    // One pass grouped by platform and author gives the total and both lists; the weeks read only their own
    // range of the (user, created_at) index; tags need a pass of their own (unnest).
    const [found] = await rows<LibraryStats>(
      db,
      sql`with g as (
            select ${posts.platform} as platform, coalesce(nullif(${posts.author}, ''), ${posts.authorHandle}) as author,
              count(*)::int as n
            from ${posts} where ${all} group by 1, 2),
          weeks as (select generate_series(${firstWeek}, ${thisWeek}, interval '1 week') as week_start),
          saves as (
            select date_trunc('week', ${posts.createdAt} at time zone 'UTC') as week_start, count(*)::int as count
            from ${posts} where ${all} and ${posts.createdAt} >= ${firstWeek} at time zone 'UTC' group by 1)
          select
            (select coalesce(sum(n), 0)::int from g) as total,
            (select json_agg(json_build_object('weekStart', to_char(w.week_start, 'YYYY-MM-DD'),
                'count', coalesce(s.count, 0)) order by w.week_start)
              from weeks w left join saves s on s.week_start = w.week_start) as weekly,
            ${countsJson(sql`select platform as value, sum(n)::int as count from g group by platform`)} as platforms,
            ${countsJson(sql`select tag as value, count(*)::int as count from ${posts} cross join unnest(${posts.tags}) as tag
              where ${all} group by tag order by count(*) desc, tag limit ${LIBRARY_LIMITS.statsTop}`)} as tags,
            ${countsJson(sql`select author as value, sum(n)::int as count from g where author <> ''
              group by author order by sum(n) desc, author limit ${LIBRARY_LIMITS.statsTop}`)} as authors`,
    );
    return found;
  });
}
