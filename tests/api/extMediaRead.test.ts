import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sharedTestApp } from './harness';
import { extUser, type ExtUser } from './fixtures';
import { image, savePost, upload } from './extHarness';

// The library shows a signed-in post's images through the API: the owner's bytes only, kept by no shared cache.
const t = sharedTestApp();

const read = (u: ExtUser | null, id: string) =>
  t.app.inject({ method: 'GET', url: `/api/ext/media/${id}`, headers: u?.headers ?? {} });

async function postWithImage(u: ExtUser, name: string) {
  const saved = await savePost(t, u, { platform: 'x', url: `https://x.com/${u.id}/${name}` });
  const bytes = await image(name);
  const res = await upload(t, u, saved.json().post.id, bytes);
  expect(res.statusCode).toBe(201);
  return { postId: saved.json().post.id as string, mediaId: res.json().media.id as string, bytes };
}

describe('GET /api/ext/media/{id}', () => {
  it('answers the owner the stored bytes with their checked type, privately cached', async () => {
    const u = await extUser(t);
    for (const [name, type] of [
      ['tiny.jpg', 'image/jpeg'],
      ['tiny.webp', 'image/webp'],
    ]) {
      const { mediaId, bytes } = await postWithImage(u, name);
      const res = await read(u, mediaId);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['cache-control']).toMatch(/^private\b/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      // Never run or framed as a page, whatever its bytes would be taken for.
      expect(res.headers['content-security-policy']).toContain('sandbox');
      expect(res.rawPayload.equals(bytes)).toBe(true);
    }
  });

  it('is not found for another account, an unknown id or a deleted post', async () => {
    const owner = await extUser(t);
    const other = await extUser(t);
    const { postId, mediaId } = await postWithImage(owner, 'tiny.gif');
    for (const [u, id] of [
      [other, mediaId],
      [owner, randomUUID()],
      [owner, 'not-an-id'],
    ] as const) {
      const res = await read(u, id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Image not found' });
    }
    expect((await read(null, mediaId)).statusCode).toBe(401);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/ext/posts/${postId}`,
      headers: owner.headers,
    });
    expect(gone.statusCode).toBe(204);
    expect((await read(owner, mediaId)).statusCode).toBe(404);
  });
});
