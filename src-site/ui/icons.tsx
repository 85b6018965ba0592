// The site's small inline icons, drawn by src/ui's stroke factory (24 px unless given).

import { strokeIcon as icon } from '../../src/ui/strokeIcon';
import { BOOKMARK, CHART, COMPASS, PEN, SEARCH, SHIELD, SPARK } from '../../src/ui/iconStrokes';

export const BookmarkIcon = icon(BOOKMARK);
export const SparkIcon = icon(SPARK);
export const SearchIcon = icon(SEARCH);
export const CompassIcon = icon(COMPASS);
export const ChartIcon = icon(CHART);
export const ShieldIcon = icon(SHIELD);
export const PenIcon = icon(PEN);
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
