import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { drawIcon, ICON_SIZES } from '../../src-extension/build/drawIcon';

/** The RGBA pixels of a PNG that drawIcon wrote (one IDAT, no filtering). */
function decode(png: Buffer) {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const size = png.readUInt32BE(16);
  expect(png.readUInt32BE(20)).toBe(size);
  const idat = png.indexOf('IDAT');
  const raw = inflateSync(png.subarray(idat + 4, idat + 4 + png.readUInt32BE(idat - 4)));
  const at = (x: number, y: number) => [
    ...raw.subarray(y * (size * 4 + 1) + 1 + x * 4, y * (size * 4 + 1) + 5 + x * 4),
  ];
  return { size, at };
}

describe("the extension's icons: the site's logo, a white P on a rounded indigo square", () => {
  it.each(ICON_SIZES)('%i px', (size) => {
    const icon = decode(drawIcon(size));
    expect(icon.size).toBe(size);
    const unit = (n: number) => Math.floor((n / 32) * size);
    // The rounded corner is transparent; the tile's edge is the brand colour; the P's stem is white.
    expect(icon.at(0, 0)[3]).toBe(0);
    expect(icon.at(unit(4), unit(16))).toEqual([0x4f, 0x46, 0xe5, 255]);
    expect(icon.at(unit(11.5), unit(20))).toEqual([255, 255, 255, 255]);
    // The P's counter shows the tile through it.
    expect(icon.at(unit(16), unit(12.5))).toEqual([0x4f, 0x46, 0xe5, 255]);
  });
});
