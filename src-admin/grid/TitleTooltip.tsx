import { cloneElement, type ReactElement, type ReactNode } from 'react';

/**
 * The grid's tooltips (a column's full title, "Sort", the toolbar's button names) as the browser's own `title`.
 * MUI's Tooltip mounts a Tooltip and a Popper around every column header's title and sort button, on every
 * render of the header row, for a hint the operator rarely hovers (docs/PERFORMANCE.md#lighter-rows).
 */
export function TitleTooltip({
  title,
  children,
}: {
  title: ReactNode;
  children: ReactElement<{ title?: string }>;
}) {
  return typeof title === 'string' && title !== '' ? cloneElement(children, { title }) : children;
}
