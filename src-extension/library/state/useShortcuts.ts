import { useEffect, useRef } from 'react';

export interface Shortcuts {
  /** `/`: to the search box. */
  search(): void;
  /** `j` / `k`: the next or previous card. */
  move(step: 1 | -1): void;
  /** `e`: edit the current card's tags. */
  editTags(): void;
  /** `#`: delete the current card (with undo). */
  remove(): void;
}

/** Keys typed into a field, or with a modifier (the browser's own shortcuts), are the field's. */
function typing(e: KeyboardEvent): boolean {
  const t = e.target as HTMLElement | null;
  if (e.ctrlKey || e.metaKey || e.altKey) return true;
  if (!t) return false;
  return t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName);
}

/** The library's keys: `/`, `j`, `k`, `e`, `#`; not while typing, and not while a dialog is open. */
export function useShortcuts(shortcuts: Shortcuts, enabled: boolean) {
  const latest = useRef(shortcuts);
  useEffect(() => {
    latest.current = shortcuts;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (typing(e) || document.querySelector('[role="dialog"]')) return;
      const s = latest.current;
      const actions: Record<string, () => void> = {
        '/': s.search,
        j: () => s.move(1),
        k: () => s.move(-1),
        e: s.editTags,
        '#': s.remove,
      };
      const action = actions[e.key];
      if (!action) return;
      e.preventDefault();
      action();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [enabled]);
}
