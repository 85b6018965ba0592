import { useId, useState } from 'react';
import type { FacetCount } from '../../shared/messages';

interface FacetGroupProps {
  title: string;
  counts: FacetCount[];
  picked: readonly string[];
  onToggle(value: string): void;
  /** How a value is shown (a platform's name, say). */
  label?: (value: string) => string;
  /** Show this many, with "Show all" for the rest. */
  initial?: number;
}

/**
 * One group of the sidebar: its values with their counts, each a toggle (pressed when picked). A picked value
 * with no post under the current search still shows, at 0, so it can be unpicked.
 */
export function FacetGroup({
  title,
  counts,
  picked,
  onToggle,
  label = (v) => v,
  initial = 12,
}: FacetGroupProps) {
  const headingId = useId();
  const [all, setAll] = useState(false);
  const missing = picked
    .filter((v) => !counts.some((c) => c.value === v))
    .map((value) => ({ value, count: 0 }));
  const rows = [...counts, ...missing];
  const shown = all ? rows : rows.slice(0, initial);
  return (
    <section className="lib-facet" aria-labelledby={headingId}>
      <h3 id={headingId} className="lib-facet__title">
        {title}
      </h3>
      {rows.length === 0 ? (
        <p className="pk-muted lib-facet__none">None</p>
      ) : (
        <ul className="lib-facet__list">
          {shown.map(({ value, count }) => {
            const on = picked.includes(value);
            return (
              <li key={value}>
                <button
                  type="button"
                  className="lib-facet__value"
                  aria-pressed={on}
                  onClick={() => onToggle(value)}
                >
                  <span className="lib-facet__name">{label(value)}</span>{' '}
                  <span className="lib-facet__count">
                    {count} <span className="lib-sr">{count === 1 ? 'post' : 'posts'}</span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {rows.length > initial && (
        <button type="button" className="lib-link-btn" onClick={() => setAll((a) => !a)} aria-expanded={all}>
          {all ? 'Show fewer' : `Show all ${rows.length}`}
        </button>
      )}
    </section>
  );
}
