import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ListPostsQuery, Post, SavePost } from '../../src/contract/ext';
import type { AppContext } from '../context';
import type { Db } from '../db/connect';
import { postMedia, posts, type PostRow } from '../db/schema';
import { notFound } from '../errors';
import { existingId } from '../ids';
import { likePattern } from '../admin/userRows';
import { chargeStorage, releaseStorage } from '../usage/storageQuota';
import { postSizeBytes } from './postSize';

export const DEFAULT_PER_PAGE = 20;

export function toPost(r: PostRow): Post {
  return {
    id: r.id,
    platform: r.platform,
    url: r.url,
    author: r.author,
    text: r.text,
    postedAt: r.postedAt ? r.postedAt.toISOString() : null,
    tags: r.tags,
    category: r.category ?? null,
    sizeBytes: Number(r.sizeBytes),
    createdAt: r.createdAt.toISOString(),
  };
}

/** POST /api/ext/posts: saves a post, or finds the one this user saved at the same url (created: false). */
export async function savePost(ctx: AppContext, userId: string, input: SavePost) {
  const [saved] = await ctx.db.transaction((tx) => savePosts(tx, userId, [input], ctx.clock.now()));
  return saved;
}

/**
 * Saves several posts in the caller's transaction and counts the new ones' bytes against the user's storage
 * (413 and nothing saved when they do not fit). A url the user saved before returns that post, counted once.
 * The route saves one; the demo seed saves many at a time through the same code.
 */
export async function savePosts(
  tx: Db,
  userId: string,
  inputs: (SavePost & { savedAt?: Date })[],
  now: Date,
): Promise<{ post: Post; created: boolean }[]> {
  if (!inputs.length) return [];
  const values = inputs.map((p) => {
    const fields = { url: p.url, author: p.author ?? '', text: p.text ?? '', tags: [], category: null };
    return {
      ...fields,
      userId,
      platform: p.platform,
      postedAt: p.postedAt ? new Date(p.postedAt) : null,
      sizeBytes: postSizeBytes(fields),
      createdAt: p.savedAt ?? now,
      updatedAt: p.savedAt ?? now,
    };
  });
  const inserted = await tx
    .insert(posts)
    .values(values)
    .onConflictDoNothing({ target: [posts.userId, posts.url] })
    .returning();
  await chargeStorage(
    tx,
    userId,
    inserted.reduce((sum, p) => sum + Number(p.sizeBytes), 0),
  );
  const byUrl = new Map(inserted.map((p) => [p.url, { post: p, created: true }]));
  const missing = [...new Set(values.map((v) => v.url).filter((url) => !byUrl.has(url)))];
  if (missing.length) {
    const existing = await tx
      .select()
      .from(posts)
      .where(and(eq(posts.userId, userId), inArray(posts.url, missing)));
    for (const p of existing) byUrl.set(p.url, { post: p, created: false });
  }
  return values.map((v) => {
    const found = byUrl.get(v.url)!;
    return { post: toPost(found.post), created: found.created };
  });
}

/** GET /api/ext/posts: the user's posts, newest first, filtered; total for X-Total-Count. */
export async function listPosts(
  ctx: AppContext,
  userId: string,
  q: ListPostsQuery,
): Promise<{ posts: Post[]; total: number }> {
  const conds: SQL[] = [sql`${posts.userId} = ${userId}`];
  if (q.platform) conds.push(sql`${posts.platform} = ${q.platform}`);
  const tag = q.tag?.trim().toLowerCase();
  if (tag) conds.push(sql`${tag} = any(${posts.tags})`);
  const term = q.search?.trim();
  // The same expression as posts_search_trgm_idx, so a selective term is found through the trigram index.
  if (term)
    conds.push(
      sql`post_search_text(${posts.author}, ${posts.text}, ${posts.tags}) ilike ${likePattern(term)}`,
    );
  const where = and(...conds);
  const perPage = q.perPage ?? DEFAULT_PER_PAGE;
  const page = q.page ?? 1;
  const list = await ctx.db
    .select()
    .from(posts)
    .where(where)
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [{ n }] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(posts)
    .where(where);
  return { posts: list.map(toPost), total: Number(n) };
}

/**
 * DELETE /api/ext/posts/{id}: removes the post and its media and gives their bytes back, in one transaction;
 * the media files go after it commits. Another user's post is not found.
 */
export async function deletePost(ctx: AppContext, userId: string, id: string): Promise<void> {
  const postId = existingId(id, 'Post');
  const keys = await ctx.db.transaction(async (tx) => {
    // Locking the post first makes a concurrent media upload finish (or fail) before its bytes are counted here.
    const [post] = await tx
      .select({ sizeBytes: posts.sizeBytes })
      .from(posts)
      .where(and(eq(posts.id, postId), eq(posts.userId, userId)))
      .for('update');
    if (!post) throw notFound('Post not found');
    const media = await tx
      .delete(postMedia)
      .where(eq(postMedia.postId, postId))
      .returning({ key: postMedia.storageKey, sizeBytes: postMedia.sizeBytes });
    await tx.delete(posts).where(eq(posts.id, postId));
    const freed = Number(post.sizeBytes) + media.reduce((sum, m) => sum + Number(m.sizeBytes), 0);
    await releaseStorage(tx, userId, freed);
    return media.map((m) => m.key);
  });
  // The rows are gone and the bytes given back; a file that fails to go is only disk space, never counted.
  await Promise.allSettled(keys.map((key) => ctx.media.delete(key)));
}

/**
 * Saves AI tags and/or a category on a post in the caller's transaction (the AI gateway's), and moves the
 * post's sizeBytes and the user's storage by the difference: 413 when the growth does not fit.
 */
export async function setPostLabels(
  tx: Db,
  userId: string,
  postId: string,
  labels: { tags?: string[]; category?: string | null },
  now: Date,
): Promise<Post> {
  const id = existingId(postId, 'Post');
  const [post] = await tx
    .select()
    .from(posts)
    .where(and(eq(posts.id, id), eq(posts.userId, userId)))
    .for('update');
  if (!post) throw notFound('Post not found');
  const tags = labels.tags ?? post.tags;
  const category = labels.category === undefined ? post.category : labels.category;
  const sizeBytes = postSizeBytes({ url: post.url, author: post.author, text: post.text, tags, category });
  const delta = sizeBytes - Number(post.sizeBytes);
  if (delta > 0) await chargeStorage(tx, userId, delta);
  else await releaseStorage(tx, userId, -delta);
  const [updated] = await tx
    .update(posts)
    .set({ tags, category, sizeBytes, updatedAt: now })
    .where(eq(posts.id, id))
    .returning();
  return toPost(updated);
}
