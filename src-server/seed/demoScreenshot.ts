import { crc32, deflateSync } from 'node:zlib';

const WIDTH = 480;
const HEIGHT = 270;
type Rgb = [number, number, number];

/** The boxes of a pretend app window: a title bar, a sidebar, text lines and a red error banner. */
const BOXES: { x: number; y: number; w: number; h: number; c: Rgb }[] = [
  { x: 0, y: 0, w: WIDTH, h: 36, c: [25, 118, 210] },
  { x: 0, y: 36, w: 110, h: HEIGHT - 36, c: [227, 232, 240] },
  { x: 130, y: 56, w: 330, h: 38, c: [211, 47, 47] },
  ...[0, 1, 2, 3, 4, 5].map((i) => ({
    x: 130,
    y: 112 + i * 24,
    w: 330 - (i % 3) * 60,
    h: 10,
    c: [190, 196, 204] as Rgb,
  })),
  ...[0, 1, 2, 3].map((i) => ({ x: 14, y: 56 + i * 28, w: 80, h: 12, c: [160, 170, 184] as Rgb })),
];

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A small PNG that looks like a screenshot of an app showing an error, drawn here so the demo data needs no
 * binary file: RGB rows, each after its filter byte (0, none), deflated into one IDAT chunk.
 */
export function demoScreenshotPng(): Buffer {
  const row = 1 + WIDTH * 3;
  const pixels = Buffer.alloc(row * HEIGHT, 250);
  for (let y = 0; y < HEIGHT; y++) pixels[y * row] = 0;
  for (const b of BOXES) {
    for (let y = b.y; y < Math.min(b.y + b.h, HEIGHT); y++) {
      for (let x = b.x; x < Math.min(b.x + b.w, WIDTH); x++) {
        const at = y * row + 1 + x * 3;
        pixels[at] = b.c[0];
        pixels[at + 1] = b.c[1];
        pixels[at + 2] = b.c[2];
      }
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(WIDTH, 0);
  header.writeUInt32BE(HEIGHT, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
