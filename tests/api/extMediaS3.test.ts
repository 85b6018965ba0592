import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sharedTestApp, whileInsertsFail, type TestApp } from './harness';
import { extUser, type ExtUser } from './fixtures';
import { count, image, savePost, storageUsed, upload } from './extHarness';
import { sharedLocalS3 } from './s3Harness';
import { TINY_PNG } from '../fixtures/multipart';

// The media cases of extMedia.test.ts that depend on where the bytes go, with the object store: a local
// S3-protocol server holds them, DATA_DIR holds none, and either side failing leaves the other clean.
const s3 = sharedLocalS3();
const t = sharedTestApp(s3.env);

const mediaKeys = async () => (await s3.keys()).filter((k) => k.startsWith('media/'));
const newPost = async (u: ExtUser, n: string) =>
  (await savePost(t, u, { platform: 'x', url: `https://x.com/s3/${n}` })).json().post as {
    id: string;
    sizeBytes: number;
  };

async function expectNothingStored(t: TestApp, u: ExtUser, sizeBytes: number, keys: string[]) {
  expect(await count(t, 'post_media', u.id)).toBe(0);
  expect(await storageUsed(t, u.id)).toBe(sizeBytes);
  expect(await mediaKeys()).toEqual(keys);
}

describe('media on object storage', () => {
  it('stores an upload as media/<user>/<id>.<ext> in the bucket, byte for byte, and nothing under DATA_DIR', async () => {
    const u = await extUser(t);
    const post = await newPost(u, 'store');
    const jpeg = await image('tiny.jpg');
    const res = await upload(t, u, post.id, jpeg, { filename: 'photo.txt', contentType: 'text/plain' });
    expect(res.statusCode).toBe(201);
    const { media } = res.json();
    expect(media).toEqual({ id: expect.any(String), sizeBytes: jpeg.length, contentType: 'image/jpeg' });
    const key = `media/${u.id}/${media.id}.jpg`;
    expect(await mediaKeys()).toContain(key);
    expect((await s3.bytes(key)).equals(jpeg)).toBe(true);
    expect(await storageUsed(t, u.id)).toBe(post.sizeBytes + jpeg.length);
    expect(existsSync(join(t.config.DATA_DIR, 'media'))).toBe(false);
    // The store reads it back whole and as a stream, as the API's media routes do.
    expect((await t.app.ctx.media.get(`${u.id}/${media.id}.jpg`))?.equals(jpeg)).toBe(true);
    const stream = await t.app.ctx.media.read(`${u.id}/${media.id}.jpg`);
    expect(stream?.size).toBe(jpeg.length);
    expect(await t.app.ctx.media.read(`${u.id}/missing.jpg`)).toBeNull();
    stream?.body.destroy();
  });

  it('answers a retried upload of the same image with the stored one: one row, one object, counted once', async () => {
    const u = await extUser(t);
    const post = await newPost(u, 'retry');
    const before = await mediaKeys();
    const racing = await Promise.all(Array.from({ length: 3 }, () => upload(t, u, post.id, TINY_PNG)));
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    expect(await count(t, 'post_media', u.id)).toBe(1);
    expect(await mediaKeys()).toHaveLength(before.length + 1);
    expect(await storageUsed(t, u.id)).toBe(post.sizeBytes + TINY_PNG.length);
  });

  it('when the object store refuses the write: 500, no row, no storage charged', async () => {
    const u = await extUser(t);
    const post = await newPost(u, 'store-down');
    const keys = await mediaKeys();
    await s3.stop();
    try {
      const res = await upload(t, u, post.id, TINY_PNG);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: 'Something went wrong on our side. Please try again.' });
      expect(await count(t, 'post_media', u.id)).toBe(0);
      expect(await storageUsed(t, u.id)).toBe(post.sizeBytes);
    } finally {
      await s3.start();
    }
    await expectNothingStored(t, u, post.sizeBytes, keys);
    // Once the store is back, the same upload goes through.
    expect((await upload(t, u, post.id, TINY_PNG)).statusCode).toBe(201);
  });

  it('when the database write fails after the object was written: 500 and the object is removed again', async () => {
    const u = await extUser(t);
    const post = await newPost(u, 'db-fails');
    const keys = await mediaKeys();
    await whileInsertsFail(t, 'post_media', async () => {
      const res = await upload(t, u, post.id, TINY_PNG);
      expect(res.statusCode).toBe(500);
    });
    await expectNothingStored(t, u, post.sizeBytes, keys);
  });

  it('deleting the post deletes its objects and frees their bytes', async () => {
    const u = await extUser(t);
    const post = await newPost(u, 'delete');
    const before = await mediaKeys();
    for (const name of ['tiny.jpg', 'tiny.gif'])
      expect((await upload(t, u, post.id, await image(name))).statusCode).toBe(201);
    expect(await mediaKeys()).toHaveLength(before.length + 2);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/ext/posts/${post.id}`,
      headers: u.headers,
    });
    expect(res.statusCode).toBe(204);
    expect(await mediaKeys()).toEqual(before);
    expect(await count(t, 'post_media', u.id)).toBe(0);
    expect(await storageUsed(t, u.id)).toBe(0);
  });

  it('answers 404 for another user’s post and writes no object', async () => {
    const ann = await extUser(t);
    const bob = await extUser(t);
    const post = await newPost(ann, 'not-yours');
    const keys = await mediaKeys();
    const res = await upload(t, bob, post.id, TINY_PNG);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Post not found' });
    expect(await mediaKeys()).toEqual(keys);
  });
});
