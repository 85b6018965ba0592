import type { Page } from 'playwright-core';

/**
 * Encodes a PNG as WebP at `width` (height in proportion) inside Chromium: the picture drawn on a canvas with
 * high-quality smoothing, then canvas.toBlob('image/webp', quality). Chromium ships a WebP encoder, so no native
 * image library is needed. `page` is any page of the browser (its origin does not matter: the PNG comes as data).
 */
export async function encodeWebp(page: Page, png: Buffer, width: number, quality: number): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ([src, w, q]) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = Math.round((img.naturalHeight * w) / img.naturalWidth);
      const g = canvas.getContext('2d')!;
      g.imageSmoothingEnabled = true;
      g.imageSmoothingQuality = 'high';
      g.drawImage(img, 0, 0, canvas.width, canvas.height);
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/webp', q));
      if (!blob || blob.type !== 'image/webp') throw new Error('this Chromium cannot encode WebP');
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000)
        binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(binary);
    },
    [`data:image/png;base64,${png.toString('base64')}`, width, quality] as const,
  );
  return Buffer.from(base64, 'base64');
}

/** A WebP file's pixel size, read from its header (VP8, VP8L or VP8X), to check what was written. */
export function webpSize(file: Buffer): { width: number; height: number } {
  const chunk = file.toString('ascii', 12, 16);
  if (chunk === 'VP8 ')
    return { width: file.readUInt16LE(26) & 0x3fff, height: file.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8L') {
    const bits = file.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { width: file.readUIntLE(24, 3) + 1, height: file.readUIntLE(27, 3) + 1 };
  throw new Error('not a WebP file');
}
