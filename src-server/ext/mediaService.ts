import { createHash, randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Media } from '../../src/contract/ext';
import { MAX_MEDIA_BYTES } from '../../src/contract/ext';
import type { AppContext } from '../context';
import type { Db } from '../db/connect';
import { postMedia, posts, users } from '../db/schema';
import { badRequest, HttpError, notFound } from '../errors';
import { existingId } from '../ids';
import { detectImage, type ImageType } from '../media/imageFormat';
import { pixelLimitMessage, withinPixelLimit } from '../media/pixelLimit';
import { chargeStorage, storageFullMessage, formatBytes } from '../usage/storageQuota';

export const MEDIA_TYPE_MESSAGE = 'Only JPEG, PNG, WebP or GIF images can be attached.';
export const MEDIA_TOO_LARGE_MESSAGE = `An image must be at most ${formatBytes(MAX_MEDIA_BYTES)}.`;
export const MEDIA_TOO_MANY_PIXELS_MESSAGE = pixelLimitMessage('An image');

export interface MediaItem {
  id: string;
  postId: string;
  storageKey: string;
  contentType: ImageType;
  sizeBytes: number;
  /** SHA-256 of the bytes, hex; the demo seed's media (sizes without bytes) have none. */
  sha256?: string;
}

/**
 * Records media of the user's posts in the caller's transaction and moves the posts' updatedAt (an image is a
 * change a sync must see): each post must be the user's (its row is locked, so a concurrent delete waits and then
 * frees these bytes too), and the bytes must fit the user's storage (413). An image whose bytes the post already
 * holds is not recorded again. Answers the ids recorded. The upload records one file; the demo seed records many
 * sizes at once through the same code.
 */
export async function attachMedia(
  tx: Db,
  userId: string,
  items: MediaItem[],
  now: Date,
): Promise<Set<string>> {
  if (!items.length) return new Set();
  const ids = [...new Set(items.map((m) => m.postId))];
  const found = await tx
    .select({ id: posts.id })
    .from(posts)
    .where(and(inArray(posts.id, ids), eq(posts.userId, userId)))
    .for('update');
  if (found.length !== ids.length) throw notFound('Post not found');
  // The rows as one JSON parameter: thousands of the seed's media sizes are one statement.
  const inserted = (await tx.execute(sql`
    insert into post_media (id, post_id, user_id, storage_key, content_type, size_bytes, sha256)
    select id, "postId", ${userId}, "storageKey", "contentType", "sizeBytes", "sha256"
    from json_to_recordset(${JSON.stringify(items)}::json)
      as r(id uuid, "postId" uuid, "storageKey" text, "contentType" text, "sizeBytes" bigint, "sha256" text)
    on conflict (post_id, sha256) do nothing
    returning id, size_bytes`)) as unknown as { rows: { id: string; size_bytes: string | number }[] };
  await chargeStorage(
    tx,
    userId,
    inserted.rows.reduce((sum, m) => sum + Number(m.size_bytes), 0),
  );
  await tx.update(posts).set({ updatedAt: now }).where(inArray(posts.id, ids));
  return new Set(inserted.rows.map((r) => r.id));
}

/** The image with these bytes already on the post, if any. */
async function sameImage(db: Db, postId: string, sha256: string): Promise<Media | null> {
  const [found] = await db
    .select({ id: postMedia.id, sizeBytes: postMedia.sizeBytes, contentType: postMedia.contentType })
    .from(postMedia)
    .where(and(eq(postMedia.postId, postId), eq(postMedia.sha256, sha256)));
  return found
    ? {
        id: found.id,
        sizeBytes: Number(found.sizeBytes),
        contentType: found.contentType as Media['contentType'],
      }
    : null;
}

/**
 * POST /api/ext/posts/{id}/media: checks the image by its bytes, stores it, and records it with its bytes counted,
 * or stores nothing: when the database write fails after the file was written, the file is removed again.
 */
export async function addMedia(
  ctx: AppContext,
  userId: string,
  id: string,
  bytes: Buffer,
): Promise<{ media: Media; created: boolean }> {
  const postId = existingId(id, 'Post');
  if (!bytes.length) throw badRequest('The file is empty.');
  if (bytes.length > MAX_MEDIA_BYTES) throw new HttpError(413, MEDIA_TOO_LARGE_MESSAGE);
  const format = detectImage(bytes);
  if (!format) throw new HttpError(415, MEDIA_TYPE_MESSAGE);
  if (!withinPixelLimit(format)) throw new HttpError(413, MEDIA_TOO_MANY_PIXELS_MESSAGE);

  // A cheap look first, so a post that is not there or a full account costs no disk write; the transaction
  // below is what decides.
  const [owner] = await ctx.db
    .select({ plan: users.plan, storageUsed: users.storageUsed, storageLimit: users.storageLimit })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .where(and(eq(posts.id, postId), eq(posts.userId, userId)));
  if (!owner) throw notFound('Post not found');
  // The same bytes sent again (a retried upload) are the image already stored, counted once.
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const stored = await sameImage(ctx.db, postId, sha256);
  if (stored) return { media: stored, created: false };
  if (Number(owner.storageUsed) + bytes.length > Number(owner.storageLimit))
    throw new HttpError(
      413,
      storageFullMessage({
        ...owner,
        storageUsed: Number(owner.storageUsed),
        storageLimit: Number(owner.storageLimit),
      }),
    );

  const item: MediaItem = {
    id: randomUUID(),
    postId,
    storageKey: '',
    contentType: format.contentType,
    sizeBytes: bytes.length,
    sha256,
  };
  item.storageKey = `${userId}/${item.id}.${format.ext}`;
  await ctx.media.put(item.storageKey, bytes);
  let recorded: Set<string>;
  try {
    recorded = await ctx.db.transaction((tx) => attachMedia(tx, userId, [item], ctx.clock.now()));
  } catch (err) {
    await ctx.media.delete(item.storageKey).catch(() => undefined);
    throw err;
  }
  if (!recorded.has(item.id)) {
    // A concurrent upload of the same bytes recorded them first: answer that one, keep one file.
    await ctx.media.delete(item.storageKey).catch(() => undefined);
    const first = await sameImage(ctx.db, postId, sha256);
    if (first) return { media: first, created: false };
    throw notFound('Post not found');
  }
  return {
    media: { id: item.id, sizeBytes: item.sizeBytes, contentType: item.contentType },
    created: true,
  };
}
