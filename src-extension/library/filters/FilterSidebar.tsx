import type { Facets, LibraryFilters } from '../../shared/messages';
import { hasFilters, toggleValue } from '../state/hashRoute';
import { platformLabel } from '../ui/PlatformIcon';
import { FacetGroup } from './FacetGroup';

interface FilterSidebarProps {
  facets: Facets;
  filters: LibraryFilters;
  onChange(filters: LibraryFilters): void;
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * Smart Tag Filtering: platforms, categories and tags with their counts under the current search. Picking several
 * narrows the feed at once (tags: all of them; platforms: any; one category); the address keeps the choice.
 */
export function FilterSidebar({ facets, filters, onChange }: FilterSidebarProps) {
  return (
    <section className="lib-filters" aria-label="Filters">
      <div className="lib-filters__head">
        <h2>Filters</h2>
        {hasFilters(filters) && (
          <button
            type="button"
            className="lib-link-btn"
            onClick={() => onChange({ ...filters, tags: [], platforms: [], category: undefined })}
          >
            Clear filters
          </button>
        )}
      </div>
      <FacetGroup
        title="Platforms"
        counts={facets.platforms}
        picked={filters.platforms}
        label={platformLabel}
        onToggle={(v) => onChange({ ...filters, platforms: toggleValue(filters.platforms, v) })}
      />
      <FacetGroup
        title="Categories"
        counts={facets.categories}
        picked={filters.category ? [filters.category] : []}
        label={capitalised}
        initial={8}
        onToggle={(v) => onChange({ ...filters, category: filters.category === v ? undefined : v })}
      />
      <FacetGroup
        title="Tags"
        counts={facets.tags}
        picked={filters.tags}
        initial={15}
        onToggle={(v) => onChange({ ...filters, tags: toggleValue(filters.tags, v) })}
      />
    </section>
  );
}
