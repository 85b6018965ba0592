// The strokes of the icons the site and the extension's library both draw, kept once so the two rooms show the
// same pictures; each room sizes them with src/ui/strokeIcon.tsx.
import type { Stroke } from './strokeIcon';

type Strokes = readonly Stroke[];

export const BOOKMARK: Strokes = ['M19 21l-7-5-7 5V5a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2z'];
export const SPARK: Strokes = [
  'M12 3l1.9 5.1L19 10l-5.1 1.9L12 17l-1.9-5.1L5 10l5.1-1.9z',
  'M19 17l.7 1.8 1.8.7-1.8.7L19 22l-.7-1.8-1.8-.7 1.8-.7z',
];
export const SEARCH: Strokes = [[11, 11, 7], 'M21 21l-4.3-4.3'];
export const COMPASS: Strokes = [[12, 12, 9], 'M16 8l-2 6-6 2 2-6z'];
export const CHART: Strokes = ['M3 3v18h18', 'M7 15l4-4 3 3 5-6'];
export const SHIELD: Strokes = ['M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z', 'M9 12l2 2 4-4'];
export const PEN: Strokes = ['M12 20h9', 'M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z'];
