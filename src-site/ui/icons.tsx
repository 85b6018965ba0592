// The site's small inline icons, drawn by src/ui's stroke factory (24 px unless given).

import { strokeIcon as icon } from '../../src/ui/strokeIcon';

export const BookmarkIcon = icon(['M19 21l-7-5-7 5V5a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2z']);
export const SparkIcon = icon([
  'M12 3l1.9 5.1L19 10l-5.1 1.9L12 17l-1.9-5.1L5 10l5.1-1.9z',
  'M19 17l.7 1.8 1.8.7-1.8.7L19 22l-.7-1.8-1.8-.7 1.8-.7z',
]);
export const SearchIcon = icon([[11, 11, 7], 'M21 21l-4.3-4.3']);
export const CompassIcon = icon([[12, 12, 9], 'M16 8l-2 6-6 2 2-6z']);
export const ChartIcon = icon(['M3 3v18h18', 'M7 15l4-4 3 3 5-6']);
export const ShieldIcon = icon(['M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z', 'M9 12l2 2 4-4']);
export const PenIcon = icon(['M12 20h9', 'M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z']);
export const RocketIcon = icon([
  'M5 15c-1.5 1.5-2 5-2 5s3.5-.5 5-2',
  'M9 12a13 13 0 0 1 11-9 13 13 0 0 1-9 11l-2 1-2-2z',
  [15, 9, 1.5],
]);
export const FlaskIcon = icon([
  'M9 3h6',
  'M10 3v6L4.5 18.5A1.7 1.7 0 0 0 6 21h12a1.7 1.7 0 0 0 1.5-2.5L14 9V3',
  'M7 15h10',
]);
export const CapIcon = icon(['M2 9l10-5 10 5-10 5z', 'M6 11v5c3 2 9 2 12 0v-5']);
export const CheckIcon = icon(['M20 6L9 17l-5-5'], 18);
export const ChromeIcon = icon(
  [[12, 12, 9], [12, 12, 3.5], 'M12 8.5h8.3M8.9 13.8L4.8 6.6M15 13.8l-4.1 7.1'],
  20,
);

export { BrandMark } from '../../src/ui/BrandMark';
