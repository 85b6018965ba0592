import { localStorageStore, type Store } from 'react-admin';
import type { Profile } from '../src/contract/user';
import { sectionIndex } from './layout/sections';
import { openingParams, type StoredListParams } from './providers/listsAhead';
import { dataProvider } from './dataProvider';
import { COST_ANALYSIS, NAVIGATION, OVERVIEW, RESOURCE_SPECS, SECTIONS } from './registry';

/** Every screen's code by its path under /admin (a section's path is also its react-admin resource). */
const SCREENS: Record<string, { preload: () => Promise<void> }> = Object.fromEntries([
  [OVERVIEW.path, OVERVIEW.screen],
  [COST_ANALYSIS.path, COST_ANALYSIS.screen],
  ...SECTIONS.map((s) => [s.name, s.list]),
]);

/** The operator's own react-admin store: their grid preferences and list params, kept across visits. */
export const operatorStore = (profileId: string): Store =>
  localStorageStore(undefined, `pk-admin-${profileId}`);

/** The path under the console of the screen the address opens ('' for the overview), if it names one. */
function openingPath(pathname: string, basename: string): string | undefined {
  const index = sectionIndex(NAVIGATION, pathname, basename);
  return index < 0 ? undefined : NAVIGATION[index]!.path;
}

/** Fetches the code of the screen at `pathname`; a path that names no screen loads nothing. */
export function preloadScreen(pathname: string, basename = '/admin'): Promise<void> {
  const path = openingPath(pathname, basename);
  const screen = path === undefined ? undefined : SCREENS[path];
  return screen ? screen.preload() : Promise.resolve();
}

/**
 * Starts the first page of the list the address opens, as react-admin will ask for it, while the console's
 * code is still arriving. Only a list's own address qualifies: one carrying params or a record path is left
 * to react-admin.
 */
export function fetchOpeningList(
  location: { pathname: string; search: string },
  profile: Profile,
  basename = '/admin',
): void {
  const path = openingPath(location.pathname, basename);
  const first = path ? RESOURCE_SPECS[path]?.firstPage : undefined;
  const rest = location.pathname.slice(basename.length).replace(/^\/+|\/+$/g, '');
  if (!path || !first || rest !== path || location.search) return;
  const stored = operatorStore(profile._id).getItem<StoredListParams>(`${path}.listParams`);
  dataProvider.fetchListAhead(path, openingParams(first, stored));
}
