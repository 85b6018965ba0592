// The library's small inline icons, drawn by src/ui's stroke factory as the site's are (18 px unless given).

import { BrandMark as SharedBrandMark } from '../../../src/ui/BrandMark';
import { strokeIcon, type Stroke } from '../../../src/ui/strokeIcon';

const icon = (strokes: readonly Stroke[], size = 18) => strokeIcon(strokes, size);

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
