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
  return withSearchSettings(ctx.db, async (db) => {
    const scope = await libraryScope(db, userId, filter);
    const thisWeek = sql`date_trunc('week', ${now.toISOString()}::timestamptz at time zone 'UTC')`;
    const [found] = await rows<LibraryStats>(
      db,
      sql`with m as materialized (
            select ${posts.createdAt} at time zone 'UTC' as saved_at, ${posts.platform} as platform,
              ${posts.tags} as tags, coalesce(nullif(${posts.author}, ''), ${posts.authorHandle}) as author
            from ${posts} where ${scope.base} and ${scope.platform} and ${scope.category}),
          weeks as (
            select generate_series(${thisWeek} - interval '${sql.raw(String(LIBRARY_LIMITS.weeks - 1))} weeks',
              ${thisWeek}, interval '1 week') as week_start),
          saves as (
            select date_trunc('week', saved_at) as week_start, count(*)::int as count from m
            where saved_at >= (select min(week_start) from weeks) group by 1)
          select
            (select count(*)::int from m) as total,
            (select json_agg(json_build_object('weekStart', to_char(w.week_start, 'YYYY-MM-DD'),
                'count', coalesce(s.count, 0)) order by w.week_start)
              from weeks w left join saves s on s.week_start = w.week_start) as weekly,
            ${countsJson(sql`select platform as value, count(*)::int as count from m group by platform`)} as platforms,
            ${countsJson(sql`select tag as value, count(*)::int as count from m cross join unnest(m.tags) as tag
              group by tag order by count(*) desc, tag limit ${LIBRARY_LIMITS.statsTop}`)} as tags,
            ${countsJson(sql`select author as value, count(*)::int as count from m where author <> ''
              group by author order by count(*) desc, author limit ${LIBRARY_LIMITS.statsTop}`)} as authors`,
    );
    return found;
  });
}
