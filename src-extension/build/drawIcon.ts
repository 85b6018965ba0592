import { encodePng } from './encodePng';

// The extension's icon is the site's logo (src-site/public/favicon.svg): a white "P" on a rounded indigo square,
// drawn on the same 32-unit grid. The shapes are simple enough to decide point by point, so the build draws the
// PNG sizes itself, smoothed by sampling each pixel 8×8 times, instead of shipping a rasterizer.

export const ICON_SIZES = [16, 32, 48, 128] as const;

const BRAND: [number, number, number] = [0x4f, 0x46, 0xe5];
const WHITE: [number, number, number] = [0xff, 0xff, 0xff];

/** The rounded square: 32×32, corner radius 7. */
function inTile(x: number, y: number): boolean {
  if (x < 0 || y < 0 || x > 32 || y > 32) return false;
  const cx = Math.min(Math.max(x, 7), 25);
  const cy = Math.min(Math.max(y, 7), 25);
  return (x - cx) ** 2 + (y - cy) ** 2 <= 49;
}

/** `M10 7h9a6 6 0 0 1 0 12h-5v6h-4z` minus its counter `M14 11v4h5a2 2 0 0 0 0-4z`. */
function inLetter(x: number, y: number): boolean {
  const stem = x >= 10 && x <= 14 && y >= 7 && y <= 25;
  const bowl = (x >= 14 && x <= 19 && y >= 7 && y <= 19) || (x > 19 && (x - 19) ** 2 + (y - 13) ** 2 <= 36);
  const counter =
    (x >= 14 && x <= 19 && y >= 11 && y <= 15) || (x > 19 && (x - 19) ** 2 + (y - 13) ** 2 <= 4);
  return stem || (bowl && !counter);
}

/** The icon as a PNG of `size` pixels a side. */
export function drawIcon(size: number): Buffer {
  const samples = 8;
  const rgba = new Uint8Array(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let tile = 0;
      let letter = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const x = ((px + (sx + 0.5) / samples) * 32) / size;
          const y = ((py + (sy + 0.5) / samples) * 32) / size;
          if (!inTile(x, y)) continue;
          tile++;
          if (inLetter(x, y)) letter++;
        }
      }
      const n = samples * samples;
      const alpha = tile / n;
      // Within the tile, the letter's share of samples mixes white into the brand colour.
      const mix = tile ? letter / tile : 0;
      const i = (py * size + px) * 4;
      for (let c = 0; c < 3; c++) rgba[i + c] = Math.round(BRAND[c] * (1 - mix) + WHITE[c] * mix);
      rgba[i + 3] = Math.round(alpha * 255);
    }
  }
  return encodePng(size, rgba);
}
