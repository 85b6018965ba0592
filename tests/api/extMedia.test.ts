import { beforeAll, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deflateSync, crc32 } from 'node:zlib';
import { sharedTestApp, whileInsertsFail } from './harness';
import { extUser, sharedExtUser, type ExtUser } from './fixtures';
import { count, image, mediaFiles, savePost, storageUsed, upload } from './extHarness';
import { TINY_PNG } from '../fixtures/multipart';
import { MAX_MEDIA_BYTES } from '../../src/contract/ext';
import { detectImage } from '../../src-server/media/imageFormat';
import {
  gifDeclaring,
  HUGE_PNG,
  jpegDeclaring,
  pngDeclaring,
  webpDeclaring,
} from '../fixtures/images/crafted';

const t = sharedTestApp();
const ann = sharedExtUser(t);
const bob = sharedExtUser(t);
/** Ann's Instagram post that the uploads attach to. */
const annsPost = { id: '', sizeBytes: 0 };
beforeAll(async () => {
  const saved = await savePost(t, ann, { platform: 'instagram', url: 'https://instagram.com/p/1' });
  Object.assign(annsPost, saved.json().post);
});

/** A PNG of any size: a valid image whose ancillary chunk pads it to `total` bytes. */
function pngOfSize(total: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0]);
  const head = Buffer.concat([
    TINY_PNG.subarray(0, 8),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from([0, 0]))),
  ]);
  const end = chunk('IEND', Buffer.alloc(0));
  const pad = total - head.length - end.length - 12;
  return Buffer.concat([head, chunk('zzPd', Buffer.alloc(pad)), end]);
}

/** Nothing of a refused upload left behind: no new file, no row, no bytes. */
async function expectNothingStored(user: ExtUser, usedBefore: number, filesBefore: number) {
  expect(await mediaFiles(t)).toHaveLength(filesBefore);
  expect(await count(t, 'post_media', user.id)).toBe(0);
  expect(await storageUsed(t, user.id)).toBe(usedBefore);
}

describe('POST /api/ext/posts/{id}/media', () => {
  it('stores JPEG, PNG, WebP and GIF by their bytes, whatever the name or declared type says', async () => {
    const expected = [
      ['tiny.jpg', 'image/jpeg', 'jpg'],
      ['tiny.webp', 'image/webp', 'webp'],
      ['tiny-lossless.webp', 'image/webp', 'webp'],
      ['tiny.gif', 'image/gif', 'gif'],
    ] as const;
    let used = annsPost.sizeBytes;
    for (const [name, type, ext] of expected) {
      const data = await image(name);
      const res = await upload(t, ann, annsPost.id, data, {
        filename: 'photo.txt',
        contentType: 'text/plain',
      });
      expect(res.statusCode, name).toBe(201);
      const { media } = res.json();
      expect(media).toEqual({ id: expect.any(String), sizeBytes: data.length, contentType: type });
      const stored = await readFile(join(t.config.DATA_DIR, 'media', ann.id, `${media.id}.${ext}`));
      expect(stored.equals(data)).toBe(true);
      used += data.length;
      expect(await storageUsed(t, ann.id)).toBe(used);
    }
    const png = await upload(t, ann, annsPost.id, TINY_PNG, { filename: 'x.gif', contentType: 'image/gif' });
    expect(png.json().media.contentType).toBe('image/png');
    expect(await count(t, 'post_media', ann.id)).toBe(5);
  });

  it('refuses anything that is not one of the four formats, or is cut short, and stores nothing', async () => {
    const u = await extUser(t);
    const post = (await savePost(t, u, { platform: 'x', url: 'https://x.com/m/1' })).json().post;
    const files = (await mediaFiles(t)).length;
    const jpeg = await image('tiny.jpg');
    const gif = await image('tiny.gif');
    const webp = await image('tiny.webp');
    const bad: [string, Buffer][] = [
      ['text named .png', Buffer.from('hello, not an image')],
      ['svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
      [
        'a JPEG header and padding',
        Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100)]),
      ],
      ['a truncated JPEG', jpeg.subarray(0, jpeg.length - 10)],
      ['a PNG signature and garbage', Buffer.concat([TINY_PNG.subarray(0, 16), Buffer.alloc(100, 7)])],
      [
        'a PNG with a broken CRC',
        Buffer.concat([TINY_PNG.subarray(0, 30), Buffer.from([TINY_PNG[30] ^ 1]), TINY_PNG.subarray(31)]),
      ],
      ['a PNG with bytes after IEND', Buffer.concat([TINY_PNG, Buffer.from('<?php ?>')])],
      ['a truncated GIF', gif.subarray(0, gif.length - 1)],
      ['a WebP whose RIFF size lies', Buffer.concat([webp, Buffer.alloc(4)])],
      ['a BMP', Buffer.concat([Buffer.from('BM'), Buffer.alloc(60)])],
    ];
    for (const [label, data] of bad) {
      expect(detectImage(data), label).toBeNull();
      const res = await upload(t, u, post.id, data, { filename: 'image.png', contentType: 'image/png' });
      expect(res.statusCode, label).toBe(415);
      expect(res.json()).toEqual({ message: 'Only JPEG, PNG, WebP or GIF images can be attached.' });
    }
    const empty = await upload(t, u, post.id, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    const wrongField = await upload(t, u, post.id, TINY_PNG, { field: 'screenshot' });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().message).toBe('Send the image as multipart form data in the field "file".');
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/ext/posts/${post.id}/media`,
      headers: u.headers,
      payload: { file: 'iVBORw0KGgo=' },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toMatch(/multipart/);
    await expectNothingStored(u, post.sizeBytes, files);
  });

  it('refuses an image declaring more than 20,000 pixels a side or 50 megapixels with 413, and stores nothing', async () => {
    const u = await extUser(t);
    const post = (await savePost(t, u, { platform: 'x', url: 'https://x.com/pixels/1' })).json().post;
    const files = (await mediaFiles(t)).length;
    const tooLarge: [string, Buffer][] = [
      ['the 69-byte PNG declaring 60000 × 60000', HUGE_PNG],
      ['a JPEG 20,001 pixels high', jpegDeclaring(1, 20_001)],
      ['a JPEG of 7,072 × 7,072', jpegDeclaring(7072, 7072)],
      ['a GIF whose screen is 65535 × 65535', gifDeclaring({ width: 65535, height: 65535 })],
      [
        'a 1 × 1 GIF whose image lies 30000 × 30000',
        gifDeclaring({ width: 1, height: 1 }, { left: 0, top: 0, width: 30000, height: 30000 }),
      ],
      ['a lossy WebP of 16,383 × 16,383', webpDeclaring('VP8 ', 16383, 16383)],
      ['a lossless WebP of 16,384 × 16,384', webpDeclaring('VP8L', 16384, 16384)],
      ['an extended WebP whose canvas is 60000 × 60000', webpDeclaring('VP8X', 60000, 60000)],
    ];
    for (const [label, data] of tooLarge) {
      const res = await upload(t, u, post.id, data, { filename: 'image.png', contentType: 'image/png' });
      expect(res.statusCode, label).toBe(413);
      expect(res.json()).toEqual({
        message: 'An image can be at most 20,000 pixels on a side and 50 megapixels in all.',
      });
    }
    await expectNothingStored(u, post.sizeBytes, files);
    // At the limit it is accepted.
    const atLimit = pngDeclaring(2_500, 20_000);
    const res = await upload(t, u, post.id, atLimit);
    expect(res.statusCode).toBe(201);
    expect(await storageUsed(t, u.id)).toBe(post.sizeBytes + atLimit.length);
  });

  it('takes an image of exactly 20 MB and refuses one byte more with 413', async () => {
    const u = await extUser(t);
    const post = (await savePost(t, u, { platform: 'x', url: 'https://x.com/big/1' })).json().post;
    const files = (await mediaFiles(t)).length;
    const tooBig = await upload(t, u, post.id, pngOfSize(MAX_MEDIA_BYTES + 1));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ message: 'An image must be at most 20 MB.' });
    await expectNothingStored(u, post.sizeBytes, files);
    const exact = await upload(t, u, post.id, pngOfSize(MAX_MEDIA_BYTES));
    expect(exact.statusCode).toBe(201);
    expect(exact.json().media).toMatchObject({ sizeBytes: MAX_MEDIA_BYTES, contentType: 'image/png' });
    expect(await storageUsed(t, u.id)).toBe(post.sizeBytes + MAX_MEDIA_BYTES);
  });

  it('answers 404 for another user’s post or an unknown id, and stores nothing', async () => {
    const files = (await mediaFiles(t)).length;
    const before = await storageUsed(t, bob.id);
    for (const id of [annsPost.id, 'nope', '00000000-0000-0000-0000-000000000000']) {
      const res = await upload(t, bob, id, TINY_PNG);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ message: 'Post not found' });
    }
    await expectNothingStored(bob, before, files);
  });

  it('removes the written file again when the database write fails after it', async () => {
    const u = await extUser(t);
    const post = (await savePost(t, u, { platform: 'x', url: 'https://x.com/fail/1' })).json().post;
    const files = (await mediaFiles(t)).length;
    await whileInsertsFail(t, 'post_media', async () => {
      const res = await upload(t, u, post.id, TINY_PNG);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: 'Something went wrong on our side. Please try again.' });
    });
    await expectNothingStored(u, post.sizeBytes, files);
  });

  it('answers a retried upload of the same image with the stored one (200): one row, one file, counted once', async () => {
    const u = await extUser(t);
    const post = (
      await savePost(t, u, { platform: 'pinterest', url: 'https://www.pinterest.com/pin/1/' })
    ).json().post;
    const files = (await mediaFiles(t)).length;
    const jpeg = await image('tiny.jpg');
    const first = await upload(t, u, post.id, jpeg);
    expect(first.statusCode).toBe(201);
    const again = await upload(t, u, post.id, jpeg, {
      filename: 'other-name.jpg',
      contentType: 'image/jpeg',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    // Retries racing each other: still one image.
    const racing = await Promise.all(Array.from({ length: 4 }, () => upload(t, u, post.id, TINY_PNG)));
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(racing.map((r) => r.json().media.id)).size).toBe(1);
    expect(await count(t, 'post_media', u.id)).toBe(2);
    expect(await mediaFiles(t)).toHaveLength(files + 2);
    expect(await storageUsed(t, u.id)).toBe(post.sizeBytes + jpeg.length + TINY_PNG.length);
    // The post lists its images; the same bytes on another post are that post's own image.
    const saved = await savePost(t, u, { platform: 'pinterest', url: 'https://www.pinterest.com/pin/1/' });
    expect(saved.json().post.media).toEqual([
      first.json().media,
      racing.find((r) => r.statusCode === 201)!.json().media,
    ]);
    const other = (
      await savePost(t, u, { platform: 'pinterest', url: 'https://www.pinterest.com/pin/2/' })
    ).json().post;
    expect((await upload(t, u, other.id, jpeg)).statusCode).toBe(201);
  });

  it('deleting the post removes its media files and frees their bytes', async () => {
    const u = await extUser(t);
    const post = (await savePost(t, u, { platform: 'x', url: 'https://x.com/del/1' })).json().post;
    const before = (await mediaFiles(t)).length;
    for (const name of ['tiny.jpg', 'tiny.gif'])
      expect((await upload(t, u, post.id, await image(name))).statusCode).toBe(201);
    expect(await mediaFiles(t)).toHaveLength(before + 2);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/ext/posts/${post.id}`,
      headers: u.headers,
    });
    expect(res.statusCode).toBe(204);
    expect(await mediaFiles(t)).toHaveLength(before);
    expect(await count(t, 'post_media', u.id)).toBe(0);
    expect(await storageUsed(t, u.id)).toBe(0);
  });
});
