// The site's and the library's small inline icons share one stroke style: a few hundred bytes each, so no icon
// library reaches a bundle. Each room keeps its own icons and draws them with this factory.

/** One stroke of an icon: a path's `d`, or a circle as [cx, cy, r]. */
export type Stroke = string | readonly [number, number, number];

/** An icon component drawing these strokes in the shared 24×24 stroke style, `size` pixels wide. */
export function strokeIcon(strokes: readonly Stroke[], size = 24) {
  return function Icon() {
    return (
      <svg
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        {strokes.map((s, i) =>
          typeof s === 'string' ? <path key={i} d={s} /> : <circle key={i} cx={s[0]} cy={s[1]} r={s[2]} />,
        )}
      </svg>
    );
  };
}
