import { crc32 } from 'node:zlib';
import { largest, type ImageSize } from './pixelLimit';

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif';
export interface ImageFormat extends ImageSize {
  contentType: ImageType;
  ext: 'jpg' | 'png' | 'webp' | 'gif';
}

/**
 * The image format of a file judged by its structure, whatever its name or declared type says: the signature,
 * then the container walked chunk by chunk to its end. A renamed text file, a truncated image or a header glued
 * to other bytes is null. Pixel data is not decoded, but the size every header on the way declares is read, and
 * the largest is the image's (a decoder allocates for what the headers say, whatever the file's length).
 */
export function detectImage(b: Uint8Array): ImageFormat | null {
  const buf = Buffer.from(b.buffer, b.byteOffset, b.byteLength);
  let size: ImageSize | null;
  if ((size = pngSize(buf))) return { contentType: 'image/png', ext: 'png', ...size };
  if ((size = jpegSize(buf))) return { contentType: 'image/jpeg', ext: 'jpg', ...size };
  if ((size = gifSize(buf))) return { contentType: 'image/gif', ext: 'gif', ...size };
  if ((size = webpSize(buf))) return { contentType: 'image/webp', ext: 'webp', ...size };
  return null;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Signature, IHDR first, every chunk's CRC right, at least one IDAT, and IEND as the last bytes; the size is
 * IHDR's (an animation's frames must lie inside it).
 */
function pngSize(b: Buffer): ImageSize | null {
  return isPng(b) ? { width: b.readUInt32BE(16), height: b.readUInt32BE(20) } : null;
}

function isPng(b: Buffer): boolean {
  if (b.length < 8 + 25 + 12 || !b.subarray(0, 8).equals(PNG_SIGNATURE)) return false;
  let at = 8;
  let first = true;
  let sawData = false;
  while (at + 12 <= b.length) {
    const length = b.readUInt32BE(at);
    const type = b.toString('latin1', at + 4, at + 8);
    const end = at + 12 + length;
    if (length > 0x7fffffff || end > b.length || !/^[A-Za-z]{4}$/.test(type)) return false;
    if (crc32(b.subarray(at + 4, at + 8 + length)) !== b.readUInt32BE(at + 8 + length)) return false;
    if (first && (type !== 'IHDR' || length !== 13)) return false;
    if (first && (b.readUInt32BE(at + 8) === 0 || b.readUInt32BE(at + 12) === 0)) return false;
    first = false;
    if (type === 'IDAT') sawData = true;
    if (type === 'IEND') return sawData && end === b.length;
    at = end;
  }
  return false;
}

/**
 * SOI, marker segments up to a start of scan with a frame header before it, and EOI at the end; the size is the
 * largest frame header's.
 */
function jpegSize(b: Buffer): ImageSize | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return null;
  let at = 2;
  let size: ImageSize | null = null;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1];
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    const length = b.readUInt16BE(at + 2);
    if (length < 2 || at + 2 + length > b.length) return null;
    // Start-of-frame markers C0–CF, except DHT (C4), JPG (C8) and DAC (CC), carry the image size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (length < 8 || b.readUInt16BE(at + 5) === 0 || b.readUInt16BE(at + 7) === 0) return null;
      size = largest(size, { height: b.readUInt16BE(at + 5), width: b.readUInt16BE(at + 7) });
    }
    if (marker === 0xda) {
      if (!size) return null;
      const eoi = b.length - 2;
      return eoi > at + 2 + length && b[eoi] === 0xff && b[eoi + 1] === 0xd9 ? size : null;
    }
    at += 2 + length;
  }
  return null;
}

/**
 * Header, screen descriptor, colour tables and blocks walked to the trailer, with at least one image. The size
 * covers the logical screen and every image's place on it: a browser grows the screen to a larger first image.
 */
function gifSize(b: Buffer): ImageSize | null {
  const header = b.toString('latin1', 0, 6);
  if (b.length < 14 || (header !== 'GIF87a' && header !== 'GIF89a')) return null;
  let size: ImageSize = { width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
  let at = 13;
  const flags = b[10];
  if (flags & 0x80) at += 3 * 2 ** ((flags & 0x07) + 1);
  let images = 0;
  const skipSubBlocks = (): boolean => {
    while (at < b.length) {
      const size = b[at];
      at += 1 + size;
      if (size === 0) return at <= b.length;
    }
    return false;
  };
  while (at < b.length) {
    const block = b[at];
    if (block === 0x3b) return images > 0 && at + 1 === b.length ? size : null;
    if (block === 0x21) {
      at += 2; // introducer and label
      if (!skipSubBlocks()) return null;
    } else if (block === 0x2c) {
      if (at + 10 > b.length) return null;
      size = largest(size, {
        width: b.readUInt16LE(at + 1) + b.readUInt16LE(at + 5),
        height: b.readUInt16LE(at + 3) + b.readUInt16LE(at + 7),
      });
      const local = b[at + 9];
      at += 10;
      if (local & 0x80) at += 3 * 2 ** ((local & 0x07) + 1);
      at += 1; // LZW minimum code size
      if (!skipSubBlocks()) return null;
      images += 1;
    } else return null;
  }
  return null;
}

/**
 * RIFF size matching the file, the WEBP form, and chunks walked to the end with image data among them. The size
 * covers the extended header's canvas, each image chunk's own size and each animation frame's place.
 */
function webpSize(b: Buffer): ImageSize | null {
  if (b.length < 20 || b.toString('latin1', 0, 4) !== 'RIFF' || b.toString('latin1', 8, 12) !== 'WEBP')
    return null;
  if (b.readUInt32LE(4) + 8 !== b.length) return null;
  let at = 12;
  let sawImage = false;
  let pixels: ImageSize | null = null;
  while (at + 8 <= b.length) {
    const type = b.toString('latin1', at, at + 4);
    const size = b.readUInt32LE(at + 4);
    const data = at + 8;
    if (data + size > b.length) return null;
    if (type === 'VP8 ') {
      // Frame tag, then the start code 9d 01 2a, then 14-bit width and height (two scale bits above each).
      if (size < 10 || b[data + 3] !== 0x9d || b[data + 4] !== 0x01 || b[data + 5] !== 0x2a) return null;
      const frame = { width: b.readUInt16LE(data + 6) & 0x3fff, height: b.readUInt16LE(data + 8) & 0x3fff };
      pixels = largest(pixels, frame);
      sawImage = true;
    } else if (type === 'VP8L') {
      // The signature 2f, then width − 1 and height − 1 in 14 bits each.
      if (size < 5 || b[data] !== 0x2f) return null;
      const bits = b.readUInt32LE(data + 1);
      pixels = largest(pixels, { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 });
      sawImage = true;
    } else if (type === 'VP8X') {
      if (at !== 12 || size < 10) return null;
      // The canvas: width − 1 and height − 1 in 24 bits each, after 4 bytes of flags.
      pixels = largest(pixels, {
        width: b.readUIntLE(data + 4, 3) + 1,
        height: b.readUIntLE(data + 7, 3) + 1,
      });
    } else if (type === 'ANMF') {
      // An animation frame: its offset (in units of 2 pixels) and its width − 1 and height − 1, 24 bits each.
      if (size < 16) return null;
      pixels = largest(pixels, {
        width: 2 * b.readUIntLE(data, 3) + b.readUIntLE(data + 6, 3) + 1,
        height: 2 * b.readUIntLE(data + 3, 3) + b.readUIntLE(data + 9, 3) + 1,
      });
    } else if (at === 12) return null;
    at = data + size + (size % 2);
  }
  return sawImage && at === b.length ? pixels : null;
}
