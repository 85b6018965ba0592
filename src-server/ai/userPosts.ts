import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { postColumns, posts, type PostRow } from '../db/schema';
import { existingId } from '../ids';
import { notFound } from '../errors';
import { rows } from '../admin/sqlRows';
import { INPUT_LIMITS, type LibraryStats, type SamplePost } from './taskInput';

/** The user's own post; any other post, or an id that cannot exist, is a 404. */
export async function ownPost(ctx: AppContext, userId: string, postId: string): Promise<PostRow> {
  const id = existingId(postId, 'Post');
  const [post] = await ctx.db
    .select(postColumns)
    .from(posts)
    .where(and(eq(posts.id, id), eq(posts.userId, userId)))
    .limit(1);
  if (!post) throw notFound('Post not found');
  return post;
}

/** The user's most recent posts, numbered from 1, optionally leaving one out (the post being read). */
export async function recentPosts(ctx: AppContext, userId: string, exceptId?: string): Promise<SamplePost[]> {
  const found = await ctx.db
    .select({
      id: posts.id,
      platform: posts.platform,
      author: posts.author,
      authorHandle: posts.authorHandle,
      title: sql<string>`left(${posts.title}, ${INPUT_LIMITS.sampleTitle + 1})`,
      text: sql<string>`left(${posts.text}, ${INPUT_LIMITS.sampleText + 1})`,
      tags: posts.tags,
      category: posts.category,
      savedAt: posts.createdAt,
    })
    .from(posts)
    .where(
      exceptId ? and(eq(posts.userId, userId), sql`${posts.id} <> ${exceptId}`) : eq(posts.userId, userId),
    )
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(INPUT_LIMITS.samplePosts);
  return found.map((p, i) => ({ ...p, ref: i + 1 }));
}

export const asSample = (p: PostRow, ref = 0): SamplePost => ({
  ref,
  id: p.id,
  platform: p.platform,
  author: p.author,
  authorHandle: p.authorHandle,
  title: p.title,
  text: p.text,
  tags: p.tags,
  category: p.category,
  savedAt: p.createdAt,
});

/** Counts over every post of the user, for analytics. */
export async function libraryStats(ctx: AppContext, userId: string): Promise<LibraryStats> {
  const byPlatform = await ctx.db
    .select({ platform: posts.platform, count: count() })
    .from(posts)
    .where(eq(posts.userId, userId))
    .groupBy(posts.platform)
    .orderBy(desc(count()), posts.platform);
  const byCategory = await ctx.db
    .select({ category: sql<string>`coalesce(${posts.category}, 'uncategorized')`, count: count() })
    .from(posts)
    .where(eq(posts.userId, userId))
    .groupBy(posts.category)
    .orderBy(desc(count()))
    .limit(INPUT_LIMITS.topTags);
  const topTags = await rows<{ tag: string; count: number }>(
    ctx.db,
    sql`select tag, count(*)::int as count from ${posts}, unnest(${posts.tags}) as tag
        where ${posts.userId} = ${userId} group by tag order by count(*) desc, tag limit ${INPUT_LIMITS.topTags}`,
  );
  return {
    totalPosts: byPlatform.reduce((n, r) => n + Number(r.count), 0),
    byPlatform: byPlatform.map((r) => ({ platform: r.platform, count: Number(r.count) })),
    byCategory: byCategory.map((r) => ({ category: r.category, count: Number(r.count) })),
    topTags: topTags.map((r) => ({ tag: r.tag, count: Number(r.count) })),
  };
}
