import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { postMedia } from '../db/schema';
import { notFound } from '../errors';
import { existingId } from '../ids';

export interface StoredMedia {
  bytes: Buffer;
  contentType: string;
}

/**
 * GET /api/ext/media/{id}: the bytes of one of the user's images, with the type its bytes were checked as on
 * upload. Another user's image, an unknown id and a file gone from the store are all simply not found.
 */
export async function readOwnMedia(ctx: AppContext, userId: string, id: string): Promise<StoredMedia> {
  const mediaId = existingId(id, 'Image');
  const [found] = await ctx.db
    .select({ key: postMedia.storageKey, contentType: postMedia.contentType })
    .from(postMedia)
    .where(and(eq(postMedia.id, mediaId), eq(postMedia.userId, userId)));
  if (!found) throw notFound('Image not found');
  const bytes = await ctx.media.get(found.key);
  if (!bytes) throw notFound('Image not found');
  return { bytes, contentType: found.contentType };
}
