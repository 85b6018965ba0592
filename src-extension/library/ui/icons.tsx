// The library's small inline icons, drawn by src/ui's stroke factory as the site's are (18 px unless given).

import { BrandMark as SharedBrandMark } from '../../../src/ui/BrandMark';
import { strokeIcon, type Stroke } from '../../../src/ui/strokeIcon';
import { BOOKMARK, CHART, COMPASS, PEN, SEARCH, SHIELD, SPARK } from '../../../src/ui/iconStrokes';

const icon = (strokes: readonly Stroke[], size = 18) => strokeIcon(strokes, size);

export const BookmarkIcon = icon(BOOKMARK);
export const SparkIcon = icon(SPARK);
export const SearchIcon = icon(SEARCH);
export const CompassIcon = icon(COMPASS);
export const ChartIcon = icon(CHART);
export const ShieldIcon = icon(SHIELD);
export const PenIcon = icon(PEN);
export const TrashIcon = icon(['M3 6h18', 'M8 6V4h8v2', 'M6 6l1 14h10l1-14']);
export const LinkIcon = icon([
  'M14 4h6v6',
  'M20 4L10 14',
  'M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5',
]);
export const DownloadIcon = icon(['M12 3v12', 'M7 10l5 5 5-5', 'M4 21h16']);
export const CloseIcon = icon(['M6 6l12 12', 'M18 6L6 18']);
export const WifiOffIcon = icon([
  'M2 2l20 20',
  'M8.5 16.5a5 5 0 0 1 7 0',
  'M5 12.5a10 10 0 0 1 5-2.7',
  'M12 20h.01',
]);

/** The brand mark, 28 px unless given. */
export function BrandMark({ size = 28 }: { size?: number }) {
  return <SharedBrandMark size={size} />;
}
