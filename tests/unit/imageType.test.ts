import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { imageTypeOf } from '../../src-server/contact/imageType';
import { TINY_JPEG, TINY_PNG } from '../fixtures/multipart';

const SCREENSHOT = readFileSync(join(import.meta.dirname, '..', 'fixtures', 'screenshot.png'));
const HTML = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
const PNG_SIGNATURE = TINY_PNG.subarray(0, 8);

describe('screenshot bytes', () => {
  it('accepts whole PNG and JPEG images', () => {
    expect(imageTypeOf(TINY_PNG)).toBe('image/png');
    expect(imageTypeOf(SCREENSHOT)).toBe('image/png');
    expect(imageTypeOf(TINY_JPEG)).toBe('image/jpeg');
  });

  it.each([
    ['nothing', Buffer.alloc(0)],
    ['a PNG signature followed by HTML', Buffer.concat([PNG_SIGNATURE, HTML])],
    ['a PNG with HTML after its IEND', Buffer.concat([TINY_PNG, HTML])],
    ['a PNG cut before its IEND', TINY_PNG.subarray(0, TINY_PNG.length - 12)],
    ['a PNG whose IHDR checksum is wrong', Buffer.from(TINY_PNG).fill(0, 29, 33)],
    ['a JPEG start followed by HTML', Buffer.concat([TINY_JPEG.subarray(0, 4), HTML])],
    ['a JPEG with HTML after its EOI', Buffer.concat([TINY_JPEG, HTML])],
    ['a JPEG without its EOI', TINY_JPEG.subarray(0, TINY_JPEG.length - 2)],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;')],
  ])('refuses %s', (_name, bytes) => {
    expect(imageTypeOf(bytes)).toBeNull();
  });
});
