import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sharedTestApp } from './harness';
import { extUser, type ExtUser } from './fixtures';
import { savePost, storageUsed } from './extHarness';
import { TAG_RULE_MESSAGE } from '../../src/contract/library';

// Editing a post's tags by hand: saved in the same form as the AI's tags, the post's bytes counted, and bad input
// refused without changing anything.
const t = sharedTestApp();

const putTags = (u: ExtUser, id: string, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/ext/posts/${id}/tags`,
    headers: u.headers,
    payload: payload as object,
  });

async function onePost(u: ExtUser) {
  const res = await savePost(t, u, { platform: 'x', url: `https://x.com/${u.id}/1`, text: 'Deep work' });
  return res.json().post as { id: string; sizeBytes: number; tags: string[]; updatedAt: string };
}

describe('PUT /api/ext/posts/{id}/tags', () => {
  it('saves the tags trimmed, lower-cased, without # or repeats, and counts their bytes', async () => {
    const u = await extUser(t);
    const post = await onePost(u);
    const used = await storageUsed(t, u.id);
    t.clock.advance(1000);
    const res = await putTags(u, post.id, { tags: [' #Growth ', 'growth', 'Deep   Work', '', 'ÉTÉ'] });
    expect(res.statusCode).toBe(200);
    const edited = res.json().post;
    expect(edited.tags).toEqual(['growth', 'deep work', 'été']);
    const tagBytes = Buffer.byteLength('growth' + 'deep work' + 'été');
    expect(edited.sizeBytes).toBe(post.sizeBytes + tagBytes);
    expect(await storageUsed(t, u.id)).toBe(used + tagBytes);
    // A change the extension's sync sees.
    expect(edited.updatedAt > post.updatedAt).toBe(true);

    // Fewer tags give their bytes back; the list shows the post's tags.
    expect((await putTags(u, post.id, { tags: [] })).json().post.tags).toEqual([]);
    expect(await storageUsed(t, u.id)).toBe(used);
  });

  it('refuses bad tags with 400 {message} and changes nothing', async () => {
    const u = await extUser(t);
    const post = await onePost(u);
    expect((await putTags(u, post.id, { tags: ['keep'] })).statusCode).toBe(200);
    const used = await storageUsed(t, u.id);
    for (const [payload, message] of [
      [{ tags: ['fine', 'c++'] }, TAG_RULE_MESSAGE],
      [{ tags: ['x'.repeat(41)] }, TAG_RULE_MESSAGE],
      [{ tags: Array.from({ length: 21 }, (_, i) => `tag ${i}`) }, 'A post can have at most 20 tags.'],
      [{ tags: 'growth' }, 'tags must be a list of texts'],
      [{ tags: [7] }, 'Each tag must be text.'],
      [{}, 'tags must be a list of texts'],
    ] as const) {
      const res = await putTags(u, post.id, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const listed = await t.app.inject({ method: 'GET', url: '/api/ext/posts', headers: u.headers });
    expect(listed.json().posts[0].tags).toEqual(['keep']);
    expect(await storageUsed(t, u.id)).toBe(used);
  });

  it('does not find another account’s post or an unknown one', async () => {
    const owner = await extUser(t);
    const other = await extUser(t);
    const post = await onePost(owner);
    for (const id of [post.id, randomUUID(), 'nope']) {
      const res = await putTags(other, id, { tags: ['mine'] });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Post not found' });
    }
    const listed = await t.app.inject({ method: 'GET', url: '/api/ext/posts', headers: owner.headers });
    expect(listed.json().posts[0].tags).toEqual([]);
  });
});
