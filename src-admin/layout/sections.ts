import { createContext, useContext } from 'react';

/** One tab of the console's tab bar: a section or a page, by its address under /admin. */
export interface NavigationTab {
  label: string;
  /** The first segment after /admin ('' for the overview). */
  path: string;
  /** Its screen shows its own heading; otherwise the tab bar gives the page one for screen readers. */
  ownHeading: boolean;
}

/** The section whose tab shows the number of open messages. */
export const SUPPORT_PATH = 'messages';

/**
 * The tabs, given by the console's root from its registry (registry.ts): the layout never imports a section, so
 * it is handed the list instead.
 */
export const NavigationContext = createContext<readonly NavigationTab[]>([]);

export const useNavigation = () => useContext(NavigationContext);

/** Which tab a console path belongs to (the first segment after the base). */
export function sectionIndex(tabs: readonly NavigationTab[], pathname: string, basename: string): number {
  const rest = pathname.startsWith(basename) ? pathname.slice(basename.length) : pathname;
  const first = rest.replace(/^\/+/, '').split('/')[0] ?? '';
  return tabs.findIndex((s) => s.path === first);
}
