import { LIBRARY_LIMITS } from '../../../src/contract/libraryLimits';
import type { FacetCount, Facets, LibraryFilters, LibraryPost } from '../../shared/messages';
import { filterPosts } from './filterPosts';

/** Values by count, most first, then by name. */
export function topCounts(values: Iterable<string>, limit = Infinity): FacetCount[] {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value))
    .slice(0, limit);
}

/**
 * The sidebar's counts over the posts the search found (the local copy's, signed out or offline; the server's
 * /api/ext/library/facets counts the same way). Each group counts with the other groups' filters applied and its
 * own left out, so picking X still shows how many LinkedIn posts there are; tags must all match, so the tag
 * counts apply the picked tags too.
 */
export function countFacets(found: readonly LibraryPost[], filters: LibraryFilters): Facets {
  const byPlatform = filterPosts(found, filters, 'platforms');
  const byCategory = filterPosts(found, filters, 'category');
  const matching = filterPosts(found, filters);
  return {
    total: matching.length,
    platforms: topCounts(byPlatform.map((p) => p.platform)),
    tags: topCounts(
      matching.flatMap((p) => p.tags),
      LIBRARY_LIMITS.facetTags,
    ),
    categories: topCounts(byCategory.flatMap((p) => (p.category ? [p.category] : []))),
  };
}
