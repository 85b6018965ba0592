import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sharedTestApp } from './harness';
import { count, image, mediaFiles, savePost, setStorageUsed, storageUsed, upload } from './extHarness';
import { GB, sharedAdminSession, extUser } from './fixtures';
import { users } from '../../src-server/db/schema';
import { POST_ROW_BYTES } from '../../src-server/ext/postSize';
import {
  completeLocalCheckout,
  setCancelAtPeriodEnd,
  findSubscription,
} from '../../src-server/billing/localBilling';
import { DAY_MS } from '../../src-server/clock';

const t = sharedTestApp();
const admin = sharedAdminSession(t);

const FREE_FULL =
  /^Storage limit reached: your Free plan includes 1 GB and .* is left\. Delete saved posts or upgrade to Pro for 10 GB\.$/;
/** A post whose sizeBytes is exactly `bytes` (its url is 21 bytes, the rest is text). */
const postOf = (i: number, bytes: number) => {
  const url = `https://x.com/s/${String(i).padStart(4, '0')}`;
  return { platform: 'x', url, text: 'a'.repeat(bytes - POST_ROW_BYTES - url.length) };
};

describe('the storage limit', () => {
  it('refuses a save that does not fit with 413 naming the limit and the plan, and saves nothing', async () => {
    const u = await extUser(t);
    await setStorageUsed(t, u.id, GB - 500);
    const res = await savePost(t, u, postOf(1, 501));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(FREE_FULL);
    expect(res.json().message).toContain('500 bytes is left');
    expect(await count(t, 'posts', u.id)).toBe(0);
    expect(await storageUsed(t, u.id)).toBe(GB - 500);
    const fits = await savePost(t, u, postOf(2, 500));
    expect(fits.statusCode).toBe(201);
    expect(await storageUsed(t, u.id)).toBe(GB);
  });

  it('lets concurrent saves near the limit through until it is reached, never past it, never losing a byte', async () => {
    const u = await extUser(t);
    // Room for exactly 3 posts of 1,000 bytes out of 10 sent at once.
    await setStorageUsed(t, u.id, GB - 3_500);
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => savePost(t, u, postOf(i, 1_000))));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 413, 413, 413, 413, 413, 413, 413]);
    expect(await count(t, 'posts', u.id)).toBe(3);
    expect(await storageUsed(t, u.id)).toBe(GB - 500);
  });

  it('lets concurrent uploads near the limit through until it is reached; refused ones leave no file', async () => {
    const u = await extUser(t);
    const post = (await savePost(t, u, { platform: 'x', url: 'https://x.com/up/1' })).json().post;
    // Twelve different images of one size (a one-byte JPEG comment tells them apart): the same bytes twice are
    // one image.
    const tiny = await image('tiny.jpg');
    const jpegs = Array.from({ length: 12 }, (_, i) =>
      Buffer.concat([tiny.subarray(0, 2), Buffer.from([0xff, 0xfe, 0x00, 0x03, i]), tiny.subarray(2)]),
    );
    const jpeg = jpegs[0];
    const files = (await mediaFiles(t)).length;
    await setStorageUsed(t, u.id, GB - 4 * jpeg.length - 10);
    const results = await Promise.all(jpegs.map((bytes) => upload(t, u, post.id, bytes)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(4);
    for (const r of results.filter((x) => x.statusCode !== 201)) {
      expect(r.statusCode).toBe(413);
      expect(r.json().message).toMatch(FREE_FULL);
    }
    expect(await count(t, 'post_media', u.id)).toBe(4);
    expect(await mediaFiles(t)).toHaveLength(files + 4);
    expect(await storageUsed(t, u.id)).toBe(GB - 10);
  });

  it('gives every byte back when concurrent deletes run beside concurrent saves', async () => {
    const u = await extUser(t);
    const saved = await Promise.all(
      Array.from({ length: 6 }, (_, i) => savePost(t, u, postOf(100 + i, 700))),
    );
    const ids = saved.map((r) => r.json().post.id);
    await Promise.all([
      ...ids.map((id) => t.app.inject({ method: 'DELETE', url: `/api/ext/posts/${id}`, headers: u.headers })),
      ...Array.from({ length: 4 }, (_, i) => savePost(t, u, postOf(200 + i, 900))),
    ]);
    expect(await count(t, 'posts', u.id)).toBe(4);
    expect(await storageUsed(t, u.id)).toBe(4 * 900);
  });
});

describe('a plan change moves the limit', () => {
  const patchPlan = (id: string, plan: 'free' | 'premium') =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${id}/subscription`,
      headers: admin.headers,
      payload: { plan },
    });
  const limitOf = async (id: string) =>
    Number((await t.db.select({ l: users.storageLimit }).from(users).where(eq(users.id, id)))[0].l);

  it('on the operator’s Upgrade and Downgrade: 10 GB on Pro, back to 1 GB on Free', async () => {
    const u = await extUser(t);
    await setStorageUsed(t, u.id, 2 * GB);
    expect((await savePost(t, u, postOf(1, 300))).statusCode).toBe(413);
    expect((await patchPlan(u.id, 'premium')).statusCode).toBe(200);
    expect(await limitOf(u.id)).toBe(10 * GB);
    expect((await savePost(t, u, postOf(1, 300))).statusCode).toBe(201);
    expect((await patchPlan(u.id, 'free')).statusCode).toBe(200);
    expect(await limitOf(u.id)).toBe(GB);
    const res = await savePost(t, u, postOf(2, 300));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/your Free plan includes 1 GB and 0 bytes is left/);
    expect(await storageUsed(t, u.id)).toBe(2 * GB + 300);
  });

  it('on billing events: a subscription gives 10 GB, its end takes the user back to 1 GB', async () => {
    const u = await extUser(t);
    await setStorageUsed(t, u.id, GB);
    await completeLocalCheckout(t.app.ctx, u.id, { cardNumber: '4242424242424242' });
    expect(await limitOf(u.id)).toBe(10 * GB);
    expect((await savePost(t, u, postOf(3, 400))).statusCode).toBe(201);
    await setCancelAtPeriodEnd(t.app.ctx, u.id, true);
    t.clock.advance(8 * DAY_MS);
    expect((await findSubscription(t.app.ctx, u.id))?.status).toBe('canceled');
    expect(await limitOf(u.id)).toBe(GB);
    const res = await savePost(t, u, postOf(4, 400));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(FREE_FULL);
  });
});
