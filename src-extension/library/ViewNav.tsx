import type { ComponentType } from 'react';
import type { LibraryView } from './state/hashRoute';
import { BookmarkIcon, ChartIcon, CompassIcon, ShieldIcon } from './ui/icons';

export const VIEW_TITLES: Record<LibraryView, string> = {
  posts: 'Saved posts',
  analytics: 'Analytics',
  rediscover: 'Rediscover',
  privacy: 'Privacy',
};

const ICONS: Record<LibraryView, ComponentType> = {
  posts: BookmarkIcon,
  analytics: ChartIcon,
  rediscover: CompassIcon,
  privacy: ShieldIcon,
};

/** The library's views; each keeps the current filters (they live in the address). */
export function ViewNav({ view, onPick }: { view: LibraryView; onPick(view: LibraryView): void }) {
  return (
    <nav className="lib-nav" aria-label="Library">
      <ul>
        {(Object.keys(VIEW_TITLES) as LibraryView[]).map((v) => {
          const Icon = ICONS[v];
          return (
            <li key={v}>
              <button
                type="button"
                className="lib-nav__item"
                aria-current={v === view ? 'page' : undefined}
                onClick={() => onPick(v)}
              >
                <Icon /> {VIEW_TITLES[v]}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
