import type { LibraryFilters } from '../../shared/messages';

/** The page's views; each is a path in the address's hash. */
export type LibraryView = 'posts' | 'analytics' | 'rediscover' | 'privacy';

export interface Route {
  view: LibraryView;
  filters: LibraryFilters;
}

const VIEW_PATHS: Record<LibraryView, string> = {
  posts: '/',
  analytics: '/analytics',
  rediscover: '/rediscover',
  privacy: '/privacy',
};

export const EMPTY_FILTERS: LibraryFilters = { tags: [], platforms: [] };

/**
 * The view and filters the address names, e.g. `#/?tag=growth&platform=x` or `#/analytics?q=seo`: a view can be
 * bookmarked, and Back and Forward move between filters. Anything unknown is ignored.
 */
export function parseHash(hash: string): Route {
  const raw = hash.replace(/^#/, '') || '/';
  const [path, query = ''] = raw.split('?', 2) as [string, string?];
  const view = (Object.keys(VIEW_PATHS) as LibraryView[]).find((v) => VIEW_PATHS[v] === path) ?? 'posts';
  const params = new URLSearchParams(query);
  const unique = (values: string[]) => [...new Set(values.filter(Boolean))];
  const q = params.get('q') ?? '';
  const category = params.get('category') ?? '';
  return {
    view,
    filters: {
      ...(q ? { q } : {}),
      tags: unique(params.getAll('tag')),
      platforms: unique(params.getAll('platform')),
      ...(category ? { category } : {}),
    },
  };
}

/** The hash for a view and its filters (the inverse of parseHash). */
export function formatHash({ view, filters }: Route): string {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  for (const tag of filters.tags) params.append('tag', tag);
  for (const platform of filters.platforms) params.append('platform', platform);
  if (filters.category) params.set('category', filters.category);
  const query = params.toString();
  return `#${VIEW_PATHS[view]}${query ? `?${query}` : ''}`;
}

/** The list with `value` added, or taken out when it was there. */
export const toggleValue = (list: string[], value: string) =>
  list.includes(value) ? list.filter((v) => v !== value) : [...list, value];

/** Whether any filter but the search is set. */
export const hasFilters = (f: LibraryFilters) =>
  f.tags.length + f.platforms.length > 0 || Boolean(f.category);
