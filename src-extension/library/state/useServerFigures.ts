import { useEffect, useState } from 'react';
import type { AskWorker } from '../../shared/askWorker';
import type { Facets, LibraryFilters, LibraryStats } from '../../shared/messages';

/**
 * Signed in and online, the account's own figures for these filters (counted over the whole account by the
 * server); null until they come, or when they cannot (then the page keeps its local figures). Asked a moment
 * after the filters settle, so typing asks once.
 */
export function useServerFigures<K extends 'libraryFacets' | 'libraryStats'>(
  ask: AskWorker,
  kind: K,
  filters: LibraryFilters,
  enabled: boolean,
): (K extends 'libraryFacets' ? Facets : LibraryStats) | null {
  type Figures = K extends 'libraryFacets' ? Facets : LibraryStats;
  const [figures, setFigures] = useState<{ key: string; value: Figures } | null>(null);
  const key = JSON.stringify(filters);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    const id = setTimeout(() => {
      const parsed = JSON.parse(key) as LibraryFilters;
      void ask({ type: kind, filters: parsed } as never)
        .then((answer) => {
          const value = (answer as { facets?: Figures | null; stats?: Figures | null })[
            kind === 'libraryFacets' ? 'facets' : 'stats'
          ];
          if (live && value) setFigures({ key, value });
        })
        .catch(() => undefined);
    }, 250);
    return () => {
      live = false;
      clearTimeout(id);
    };
  }, [ask, kind, key, enabled]);
  return enabled && figures?.key === key ? figures.value : null;
}
