import { describe, expect, it } from 'vitest';
import { detectImage } from '../../src-server/media/imageFormat';
import { screenshotImage } from '../../src-server/contact/imageType';
import { withinPixelLimit } from '../../src-server/media/pixelLimit';
import {
  gifDeclaring,
  HUGE_PNG,
  imageFixture,
  jpegDeclaring,
  pngDeclaring,
  webpDeclaring,
} from '../fixtures/images/crafted';

const sizeOf = (bytes: Buffer) => {
  const image = detectImage(bytes);
  return image && { width: image.width, height: image.height };
};

describe('the size an image declares', () => {
  it('is read from the headers of the sample images', () => {
    expect(sizeOf(imageFixture('tiny.jpg'))).toEqual({ width: 2, height: 2 });
    expect(sizeOf(imageFixture('tiny.gif'))).toEqual({ width: 1, height: 1 });
    expect(sizeOf(imageFixture('tiny.webp'))).toEqual({ width: 2, height: 2 });
    expect(sizeOf(imageFixture('tiny-lossless.webp'))).toEqual({ width: 1, height: 1 });
  });

  it('is 60000 × 60000 for the 69-byte PNG, as a screenshot and as media', () => {
    expect(HUGE_PNG.length).toBe(69);
    expect(screenshotImage(HUGE_PNG)).toEqual({ type: 'image/png', width: 60000, height: 60000 });
    expect(sizeOf(HUGE_PNG)).toEqual({ width: 60000, height: 60000 });
  });

  it.each([
    ['a PNG (IHDR)', pngDeclaring(30000, 7), { width: 30000, height: 7 }],
    ['a JPEG (its frame header)', jpegDeclaring(60000, 1000), { width: 60000, height: 1000 }],
    ['a GIF (its logical screen)', gifDeclaring({ width: 65535, height: 3 }), { width: 65535, height: 3 }],
    [
      'a GIF whose image lies beyond its screen',
      gifDeclaring({ width: 1, height: 1 }, { left: 100, top: 5, width: 30000, height: 40000 }),
      { width: 30100, height: 40005 },
    ],
    ['a lossy WebP (VP8)', webpDeclaring('VP8 ', 16383, 9000), { width: 16383, height: 9000 }],
    ['a lossless WebP (VP8L)', webpDeclaring('VP8L', 16384, 300), { width: 16384, height: 300 }],
    ['an extended WebP (VP8X canvas)', webpDeclaring('VP8X', 60000, 60000), { width: 60000, height: 60000 }],
  ])('is read from %s', (_name, bytes, size) => {
    expect(sizeOf(bytes)).toEqual(size);
  });

  it('is read from a screenshot, PNG or JPEG', () => {
    expect(screenshotImage(pngDeclaring(1920, 1080))).toEqual({
      type: 'image/png',
      width: 1920,
      height: 1080,
    });
    expect(screenshotImage(jpegDeclaring(40000, 2))).toEqual({ type: 'image/jpeg', width: 40000, height: 2 });
  });
});

describe('the pixel limit', () => {
  it.each([
    [{ width: 20000, height: 2500 }, true],
    [{ width: 7071, height: 7071 }, true],
    [{ width: 1, height: 20000 }, true],
    [{ width: 20001, height: 1 }, false],
    [{ width: 1, height: 20001 }, false],
    [{ width: 7072, height: 7072 }, false],
    [{ width: 60000, height: 60000 }, false],
  ])('%j within 20,000 a side and 50 megapixels: %s', (size, within) => {
    expect(withinPixelLimit(size)).toBe(within);
  });
});
