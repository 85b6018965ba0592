import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sharedTestApp, withTestApp } from './harness';
import { extUser, type ExtUser } from './fixtures';
import { count, image, mediaFiles, savePost, storageUsed, upload } from './extHarness';

// Deleting several posts at once, or the whole library: exactly their bytes come back, their images leave the
// store, and nothing of another account can be named.
const t = sharedTestApp();

const remove = (u: ExtUser, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/ext/posts/delete',
    headers: u.headers,
    payload: payload as object,
  });
const removeAll = (u: ExtUser, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/ext/posts/delete-all',
    headers: u.headers,
    payload: payload as object,
  });

/** Saves `n` posts, the first with two images; answers their ids and each post's bytes with its images'. */
async function library(u: ExtUser, n: number) {
  const ids: string[] = [];
  const bytes: number[] = [];
  for (let i = 0; i < n; i++) {
    const res = await savePost(t, u, { platform: 'x', url: `https://x.com/${u.id}/${i}`, text: `post ${i}` });
    expect(res.statusCode).toBe(201);
    const post = res.json().post;
    ids.push(post.id);
    bytes.push(post.sizeBytes);
  }
  for (const name of ['tiny.jpg', 'tiny.gif']) {
    const res = await upload(t, u, ids[0], await image(name));
    expect(res.statusCode).toBe(201);
    bytes[0] += res.json().media.sizeBytes;
  }
  return { ids, bytes };
}

describe('POST /api/ext/posts/delete', () => {
  it('deletes the named posts and their images and gives back exactly their bytes', async () => {
    const u = await extUser(t);
    const { ids, bytes } = await library(u, 4);
    const files = (await mediaFiles(t)).length;
    const before = await storageUsed(t, u.id);
    expect(before).toBe(bytes.reduce((a, b) => a + b, 0));

    const res = await remove(u, { ids: [ids[0], ids[2]] });
    expect(res.statusCode).toBe(200);
    const left = before - bytes[0] - bytes[2];
    expect(res.json()).toEqual({ deleted: 2, storageUsed: left });
    expect(await storageUsed(t, u.id)).toBe(left);
    expect(await count(t, 'posts', u.id)).toBe(2);
    expect(await count(t, 'post_media', u.id)).toBe(0);
    expect(await mediaFiles(t)).toHaveLength(files - 2);
    const listed = await t.app.inject({ method: 'GET', url: '/api/ext/posts', headers: u.headers });
    expect(
      listed
        .json()
        .posts.map((p: { id: string }) => p.id)
        .sort(),
    ).toEqual([ids[1], ids[3]].sort());
  });

  it('skips ids that are not the caller’s posts, without saying whose they are', async () => {
    const owner = await extUser(t);
    const intruder = await extUser(t);
    const { ids } = await library(owner, 2);
    const used = await storageUsed(t, owner.id);
    const own = await library(intruder, 1);
    const res = await remove(intruder, { ids: [...ids, randomUUID(), own.ids[0]] });
    expect(res.json()).toEqual({ deleted: 1, storageUsed: 0 });
    expect(await count(t, 'posts', owner.id)).toBe(2);
    expect(await storageUsed(t, owner.id)).toBe(used);
    // Deleting the same ids again deletes nothing and gives nothing back twice.
    expect((await remove(intruder, { ids: own.ids })).json()).toEqual({ deleted: 0, storageUsed: 0 });
  });

  it('answers bad input with 400 {message} and deletes nothing', async () => {
    const u = await extUser(t);
    const { ids } = await library(u, 1);
    const used = await storageUsed(t, u.id);
    const tooMany = Array.from({ length: 501 }, () => randomUUID());
    for (const [payload, message] of [
      [{ ids: [] }, 'Name at least one post.'],
      [{ ids: [ids[0], 'not-an-id'] }, 'Each id must be a post id.'],
      [{ ids: [ids[0], ...tooMany] }, 'At most 500 posts can be deleted at once.'],
      [{ id: ids[0] }, 'ids must be a list of post ids'],
    ] as const) {
      const res = await remove(u, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect(await count(t, 'posts', u.id)).toBe(1);
    expect(await storageUsed(t, u.id)).toBe(used);
    const signedOut = await t.app.inject({ method: 'POST', url: '/api/ext/posts/delete', payload: { ids } });
    expect(signedOut.statusCode).toBe(401);
  });
});

describe('POST /api/ext/posts/delete-all', () => {
  it('needs {"confirm": true}, then deletes every post and image of the account and only of it', async () => {
    const u = await extUser(t);
    const neighbour = await extUser(t);
    await library(u, 3);
    await library(neighbour, 2);
    const neighbourUsed = await storageUsed(t, neighbour.id);
    const files = (await mediaFiles(t)).length;

    for (const payload of [{}, { confirm: 'yes' }, { confirm: false }]) {
      const res = await removeAll(u, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Send {"confirm": true} to delete every saved post.');
    }
    expect(await count(t, 'posts', u.id)).toBe(3);

    const res = await removeAll(u, { confirm: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: 3, storageUsed: 0 });
    expect(await count(t, 'posts', u.id)).toBe(0);
    expect(await count(t, 'post_media', u.id)).toBe(0);
    expect(await mediaFiles(t)).toHaveLength(files - 2);
    expect(await count(t, 'posts', neighbour.id)).toBe(2);
    expect(await storageUsed(t, neighbour.id)).toBe(neighbourUsed);
    expect((await removeAll(u, { confirm: true })).json()).toEqual({ deleted: 0, storageUsed: 0 });
  });
});

describe('limits', () => {
  it('refuses a sixth delete-all within the hour with 429 and Retry-After', async () => {
    await withTestApp({ RATE_LIMIT_SCALE: '1' }, async (limited) => {
      const u = await extUser(limited);
      const ask = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/ext/posts/delete-all',
          headers: u.headers,
          payload: { confirm: true },
        });
      for (let i = 0; i < 5; i++) expect((await ask()).statusCode).toBe(200);
      const res = await ask();
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toMatch(/^Too many requests\. Please try again in \d+ minutes?\.$/);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    });
  });
});
