import { crc32 } from 'node:zlib';

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif';
export interface ImageFormat {
  contentType: ImageType;
  ext: 'jpg' | 'png' | 'webp' | 'gif';
}

/**
 * The image format of a file judged by its structure, whatever its name or declared type says: the signature,
 * then the container walked chunk by chunk to its end. A renamed text file, a truncated image or a header glued
 * to other bytes is null. Pixel data is not decoded.
 */
export function detectImage(b: Uint8Array): ImageFormat | null {
  const buf = Buffer.from(b.buffer, b.byteOffset, b.byteLength);
  if (isPng(buf)) return { contentType: 'image/png', ext: 'png' };
  if (isJpeg(buf)) return { contentType: 'image/jpeg', ext: 'jpg' };
  if (isGif(buf)) return { contentType: 'image/gif', ext: 'gif' };
  if (isWebp(buf)) return { contentType: 'image/webp', ext: 'webp' };
  return null;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Signature, IHDR first, every chunk's CRC right, at least one IDAT, and IEND as the last bytes. */
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

/** SOI, marker segments up to a start of scan with a frame header before it, and EOI at the end. */
function isJpeg(b: Buffer): boolean {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return false;
  let at = 2;
  let sawFrame = false;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return false;
    const marker = b[at + 1];
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    const length = b.readUInt16BE(at + 2);
    if (length < 2 || at + 2 + length > b.length) return false;
    // Start-of-frame markers C0–CF, except DHT (C4), JPG (C8) and DAC (CC), carry the image size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (length < 8 || b.readUInt16BE(at + 5) === 0 || b.readUInt16BE(at + 7) === 0) return false;
      sawFrame = true;
    }
    if (marker === 0xda) {
      if (!sawFrame) return false;
      const eoi = b.length - 2;
      return eoi > at + 2 + length && b[eoi] === 0xff && b[eoi + 1] === 0xd9;
    }
    at += 2 + length;
  }
  return false;
}

/** Header, screen descriptor, colour tables and blocks walked to the trailer, with at least one image. */
function isGif(b: Buffer): boolean {
  const header = b.toString('latin1', 0, 6);
  if (b.length < 14 || (header !== 'GIF87a' && header !== 'GIF89a')) return false;
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
    if (block === 0x3b) return images > 0 && at + 1 === b.length;
    if (block === 0x21) {
      at += 2; // introducer and label
      if (!skipSubBlocks()) return false;
    } else if (block === 0x2c) {
      if (at + 10 > b.length) return false;
      const local = b[at + 9];
      at += 10;
      if (local & 0x80) at += 3 * 2 ** ((local & 0x07) + 1);
      at += 1; // LZW minimum code size
      if (!skipSubBlocks()) return false;
      images += 1;
    } else return false;
  }
  return false;
}

/** RIFF size matching the file, the WEBP form, and chunks walked to the end with image data among them. */
function isWebp(b: Buffer): boolean {
  if (b.length < 20 || b.toString('latin1', 0, 4) !== 'RIFF' || b.toString('latin1', 8, 12) !== 'WEBP')
    return false;
  if (b.readUInt32LE(4) + 8 !== b.length) return false;
  let at = 12;
  let sawImage = false;
  while (at + 8 <= b.length) {
    const type = b.toString('latin1', at, at + 4);
    const size = b.readUInt32LE(at + 4);
    const data = at + 8;
    if (data + size > b.length) return false;
    if (type === 'VP8 ') {
      // Frame tag, then the start code 9d 01 2a.
      if (size < 10 || b[data + 3] !== 0x9d || b[data + 4] !== 0x01 || b[data + 5] !== 0x2a) return false;
      sawImage = true;
    } else if (type === 'VP8L') {
      if (size < 5 || b[data] !== 0x2f) return false;
      sawImage = true;
    } else if (type === 'VP8X') {
      if (at !== 12 || size < 10) return false;
    } else if (at === 12) return false;
    at = data + size + (size % 2);
  }
  return sawImage && at === b.length;
}
