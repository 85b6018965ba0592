import type { LibraryFilters, LibraryPost } from '../../shared/messages';

/** Which of the filters to leave out: a facet's own group, so its other values keep their counts. */
export type FilterGroup = 'tags' | 'platforms' | 'category';

/**
 * Whether a post passes the sidebar's filters (the search is applied apart): every picked tag, any picked
 * platform, the picked category.
 */
export function passesFilters(post: LibraryPost, f: LibraryFilters, except?: FilterGroup): boolean {
  if (except !== 'tags' && f.tags.length && !f.tags.every((t) => post.tags.includes(t))) return false;
  if (except !== 'platforms' && f.platforms.length && !f.platforms.includes(post.platform)) return false;
  if (except !== 'category' && f.category && post.category !== f.category) return false;
  return true;
}

/** The posts that pass the filters, in the order given. */
export const filterPosts = (posts: readonly LibraryPost[], f: LibraryFilters, except?: FilterGroup) =>
  posts.filter((p) => passesFilters(p, f, except));
