import { LIBRARY_LIMITS } from '../../../src/contract/libraryLimits';
import type { LibraryPost, LibraryStats } from '../../shared/messages';
import { topCounts } from './countFacets';

const DAY = 86_400_000;

/** The Monday (UTC) that starts the week of `time`, as YYYY-MM-DD. */
export function weekStart(time: number): string {
  const day = new Date(time);
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  const monday = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()) - sinceMonday * DAY;
  return new Date(monday).toISOString().slice(0, 10);
}

/** The last `weeks` weeks' starts, oldest first, the current week last. */
export function lastWeeks(now: number, weeks = LIBRARY_LIMITS.weeks): string[] {
  const current = Date.parse(weekStart(now));
  return Array.from({ length: weeks }, (_, i) => weekStart(current - (weeks - 1 - i) * 7 * DAY));
}

/**
 * The analytics of the posts given (already searched and filtered), as /api/ext/library/stats answers them: saves
 * per week over the last 12 weeks (zero-filled), by platform, top tags and top authors.
 */
export function computeStats(posts: readonly LibraryPost[], now: number): LibraryStats {
  const weeks = lastWeeks(now);
  const perWeek = new Map(weeks.map((w) => [w, 0]));
  for (const p of posts) {
    const w = weekStart(Date.parse(p.savedAt));
    if (perWeek.has(w)) perWeek.set(w, perWeek.get(w)! + 1);
  }
  return {
    total: posts.length,
    weekly: weeks.map((weekStart) => ({ weekStart, count: perWeek.get(weekStart)! })),
    platforms: topCounts(posts.map((p) => p.platform)),
    tags: topCounts(
      posts.flatMap((p) => p.tags),
      LIBRARY_LIMITS.statsTop,
    ),
    authors: topCounts(
      posts.flatMap((p) => (p.author || p.authorHandle ? [p.author || p.authorHandle] : [])),
      LIBRARY_LIMITS.statsTop,
    ),
  };
}
