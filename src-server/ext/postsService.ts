import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ListPostsQuery, Media, Post, PostList, SavePost } from '../../src/contract/ext';
import type { AppContext } from '../context';
import type { Db } from '../db/connect';
import { postColumns, postMedia, posts, type PostRow } from '../db/schema';
import { badRequest, notFound } from '../errors';
import { existingId } from '../ids';
import { chargeStorage, releaseStorage } from '../usage/storageQuota';
import { postSizeBytes } from './postSize';
import { searchMatch, searchTerm, withSearchSettings } from './postSearch';

export const DEFAULT_PER_PAGE = 20;

export function toPost(r: PostRow, media: Media[] = []): Post {
  return {
    id: r.id,
    platform: r.platform,
    url: r.url,
    author: r.author,
    authorHandle: r.authorHandle,
    title: r.title,
    text: r.text,
    quotedUrl: r.quotedUrl ?? null,
    replyToUrl: r.replyToUrl ?? null,
    postedAt: r.postedAt ? r.postedAt.toISOString() : null,
    tags: r.tags,
    category: r.category ?? null,
    media,
    sizeBytes: Number(r.sizeBytes),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** The posts with their media, in one query for all of them. */
async function withMedia(db: Db, rows: PostRow[]): Promise<Post[]> {
  if (!rows.length) return [];
  const found = await db
    .select({
      postId: postMedia.postId,
      id: postMedia.id,
      sizeBytes: postMedia.sizeBytes,
      contentType: postMedia.contentType,
    })
    .from(postMedia)
    .where(
      inArray(
        postMedia.postId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(postMedia.createdAt), asc(postMedia.id));
  const byPost = new Map<string, Media[]>();
  for (const m of found) {
    const list = byPost.get(m.postId) ?? [];
    list.push({
      id: m.id,
      sizeBytes: Number(m.sizeBytes),
      contentType: m.contentType as Media['contentType'],
    });
    byPost.set(m.postId, list);
  }
  return rows.map((r) => toPost(r, byPost.get(r.id)));
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
    const fields = {
      url: p.url,
      author: p.author ?? '',
      authorHandle: p.authorHandle ?? '',
      title: p.title ?? '',
      text: p.text ?? '',
      quotedUrl: p.quotedUrl ?? null,
      replyToUrl: p.replyToUrl ?? null,
      tags: [],
      category: null,
    };
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
    .returning(postColumns);
  await chargeStorage(
    tx,
    userId,
    inserted.reduce((sum, p) => sum + Number(p.sizeBytes), 0),
  );
  const byUrl = new Map(inserted.map((p) => [p.url, { post: p, created: true }]));
  const missing = [...new Set(values.map((v) => v.url).filter((url) => !byUrl.has(url)))];
  if (missing.length) {
    // A saved url answers the post as it is, with what it has gained since (tags, media): a retry changes nothing.
    const existing = await tx
      .select(postColumns)
      .from(posts)
      .where(and(eq(posts.userId, userId), inArray(posts.url, missing)));
    for (const p of existing) byUrl.set(p.url, { post: p, created: false });
  }
  const rows = [...new Map([...byUrl.values()].map((f) => [f.post.id, f.post])).values()];
  const asPosts = new Map((await withMedia(tx, rows)).map((p) => [p.id, p]));
  return values.map((v) => {
    const found = byUrl.get(v.url)!;
    return { post: asPosts.get(found.post.id)!, created: found.created };
  });
}

// A cursor is the post's createdAt in whole microseconds since 1970 and its id: exact, whatever the server's
// PostgreSQL version returns for extract(epoch) (double before 14, numeric since).
const CURSOR_MICROS = sql<string>`(extract(epoch from date_trunc('second', ${posts.createdAt}))::bigint * 1000000
  + extract(microseconds from ${posts.createdAt})::bigint % 1000000)::text`;

/** Where a cursor points, as SQL: posts after it in the newest-first order (createdAt, then id). */
export function afterCursor(cursor: string): SQL {
  const [micros, id] = cursor.split('_');
  const us = BigInt(micros);
  const at = sql`(to_timestamp(${Number(us / 1_000_000n)}::float8) + ${Number(us % 1_000_000n)}::int * interval '1 microsecond')`;
  // A row comparison whose first column is the index's next one: posts_user_created_idx starts the scan at the
  // cursor, so a deep page costs what the first one does.
  return sql`(${posts.createdAt}, ${posts.id}) < (${at}, ${id}::uuid)`;
}

/**
 * GET /api/ext/posts: the user's posts, filtered; total for X-Total-Count (every post the filters match, whatever
 * the page or cursor). Without a search, newest first, and `before` pages by place (keyset), so a sync reads a
 * large library at the same cost per page and never skips a post when others are saved meanwhile. With a search,
 * by relevance (postSearch.ts), paged by position: the cursor is `r` and the results before it, since a rank is
 * no key to page by (a search's pages are read at once, not over a sync's minutes).
 */
export async function listPosts(
  ctx: AppContext,
  userId: string,
  q: ListPostsQuery,
): Promise<PostList & { total: number }> {
  const conds: SQL[] = [sql`${posts.userId} = ${userId}`];
  if (q.platform) conds.push(sql`${posts.platform} = ${q.platform}`);
  const tag = q.tag?.trim().toLowerCase();
  if (tag) conds.push(sql`${tag} = any(${posts.tags})`);
  if (q.updatedSince) conds.push(sql`${posts.updatedAt} >= ${new Date(q.updatedSince)}`);
  const term = searchTerm(q.search ?? q.q);
  const ranked = q.before?.startsWith('r');
  if (term && q.before && !ranked) throw badRequest('before must be the nextCursor of an earlier page');
  const perPage = q.perPage ?? DEFAULT_PER_PAGE;
  const offset = ranked ? Number(q.before!.slice(1)) : ((q.page ?? 1) - 1) * perPage;
  const search = term ? await searchMatch(ctx.db, and(...conds)!, term) : null;
  if (search) conds.push(search.where);
  const where = and(...conds);
  const read = async (db: Db) => {
    const found = await db
      .select({ ...postColumns, cursor: CURSOR_MICROS })
      .from(posts)
      .where(q.before && !ranked ? and(where, afterCursor(q.before)) : where)
      .orderBy(...(search?.order ?? []), desc(posts.createdAt), desc(posts.id))
      // One more than asked: whether there is a next page, without a second query.
      .limit(perPage + 1)
      .offset(offset);
    const [{ n }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(posts)
      .where(where);
    const shown = found.slice(0, perPage);
    const more = found.length > perPage;
    const last = shown.at(-1);
    return {
      posts: await withMedia(
        db,
        shown.map(({ cursor: _, ...row }) => row),
      ),
      nextCursor: !more || !last ? null : term ? `r${offset + perPage}` : `${last.cursor}_${last.id}`,
      total: Number(n),
    };
  };
  return withSearchSettings(ctx.db, search?.typo ?? false, read);
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
    .select(postColumns)
    .from(posts)
    .where(and(eq(posts.id, id), eq(posts.userId, userId)))
    .for('update');
  if (!post) throw notFound('Post not found');
  const tags = labels.tags ?? post.tags;
  const category = labels.category === undefined ? post.category : labels.category;
  const sizeBytes = postSizeBytes({ ...post, tags, category });
  const delta = sizeBytes - Number(post.sizeBytes);
  if (delta > 0) await chargeStorage(tx, userId, delta);
  else await releaseStorage(tx, userId, -delta);
  const [updated] = await tx
    .update(posts)
    .set({ tags, category, sizeBytes, updatedAt: now })
    .where(eq(posts.id, id))
    .returning(postColumns);
  const [labelled] = await withMedia(tx, [updated]);
  return labelled;
}
