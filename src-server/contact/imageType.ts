import { crc32 } from 'node:zlib';
import { largest, type ImageSize } from '../media/pixelLimit';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A whole PNG: the signature, an IHDR chunk first with a non-zero size, chunks whose lengths and CRCs add up, at
 * least one IDAT, and IEND as the very last bytes. A PNG signature followed by anything else (HTML, a script)
 * fails here. Its size is IHDR's.
 */
function wholePngSize(b: Buffer): ImageSize | null {
  return isWholePng(b) ? { width: b.readUInt32BE(16), height: b.readUInt32BE(20) } : null;
}

function isWholePng(b: Buffer): boolean {
  if (b.length < 8 + 25 + 12 + 12 || !b.subarray(0, 8).equals(PNG_SIGNATURE)) return false;
  let off = 8;
  let sawData = false;
  for (let index = 0; off + 12 <= b.length; index++) {
    const len = b.readUInt32BE(off);
    if (off + 12 + len > b.length) return false;
    const type = b.toString('latin1', off + 4, off + 8);
    if (!/^[A-Za-z]{4}$/.test(type)) return false;
    if (crc32(b.subarray(off + 4, off + 8 + len)) !== b.readUInt32BE(off + 8 + len)) return false;
    if (index === 0) {
      if (type !== 'IHDR' || len !== 13) return false;
      if (b.readUInt32BE(off + 8) === 0 || b.readUInt32BE(off + 12) === 0) return false;
    } else if (type === 'IHDR') return false;
    if (type === 'IDAT') sawData = true;
    off += 12 + len;
    if (type === 'IEND') return len === 0 && sawData && off === b.length;
  }
  return false;
}

// Start-of-frame markers (SOF0–SOF15, except DHT, JPG and DAC, which share the range).
const isFrameMarker = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;
const isStandalone = (m: number) => (m >= 0xd0 && m <= 0xd7) || m === 0x01;

/**
 * A whole JPEG: SOI, then marker segments whose lengths add up, a frame header with a non-zero size before the
 * first scan, entropy-coded scan data, and EOI as the very last bytes. Its size is the largest frame header's.
 */
function wholeJpegSize(b: Buffer): ImageSize | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return null;
  let off = 2;
  let size: ImageSize | null = null;
  let sawScan = false;
  while (off < b.length) {
    if (b[off] !== 0xff) return null;
    while (off < b.length && b[off] === 0xff) off++;
    if (off >= b.length) return null;
    const marker = b[off++];
    if (marker === 0xd9) return sawScan && off === b.length ? size : null;
    if (marker === 0x00 || marker === 0xd8) return null;
    if (isStandalone(marker)) continue;
    if (off + 2 > b.length) return null;
    const len = b.readUInt16BE(off);
    if (len < 2 || off + len > b.length) return null;
    if (isFrameMarker(marker)) {
      if (len < 8 || b.readUInt16BE(off + 3) === 0 || b.readUInt16BE(off + 5) === 0) return null;
      size = largest(size, { height: b.readUInt16BE(off + 3), width: b.readUInt16BE(off + 5) });
    }
    off += len;
    if (marker === 0xda) {
      if (!size) return null;
      sawScan = true;
      // Scan data runs to the next marker; 0xFF00 is an escaped byte and RSTn markers sit inside the scan.
      while (off < b.length) {
        if (b[off] !== 0xff) off++;
        else if (b[off + 1] === 0x00 || (b[off + 1] >= 0xd0 && b[off + 1] <= 0xd7)) off += 2;
        else break;
      }
    }
  }
  return null;
}

export interface ScreenshotImage extends ImageSize {
  type: 'image/png' | 'image/jpeg';
}

/**
 * A complete PNG or JPEG judged by its structure, whatever its name or declared type says, with the size its
 * headers declare (pixel data is not decoded).
 */
export function screenshotImage(bytes: Buffer): ScreenshotImage | null {
  let size: ImageSize | null;
  if ((size = wholePngSize(bytes))) return { type: 'image/png', ...size };
  if ((size = wholeJpegSize(bytes))) return { type: 'image/jpeg', ...size };
  return null;
}

/** The image type of a complete PNG or JPEG, judged by its structure, whatever its name or declared type says. */
export const imageTypeOf = (bytes: Buffer): ScreenshotImage['type'] | null =>
  screenshotImage(bytes)?.type ?? null;
