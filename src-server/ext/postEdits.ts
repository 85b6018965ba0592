import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { TAG_RULE_MESSAGE, type DeleteResult } from '../../src/contract/library';
import type { Post } from '../../src/contract/ext';
import type { AppContext } from '../context';
import type { Db } from '../db/connect';
import { postMedia, posts, users } from '../db/schema';
import { badRequest } from '../errors';
import { uuidsOf } from '../ids';
import { normalizeTag } from '../ai/parseAnswer';
import { releaseStorage } from '../usage/storageQuota';
import { setPostLabels } from './postsService';

/**
 * The tags a person typed, in the form saved tags have (normalizeTag: no leading #, single spaces, lower case),
 * first come first kept, blanks dropped. Any other tag refuses the whole list: a tag silently changed or dropped
 * would be a label nobody chose.
 */
export function typedTags(input: string[]): string[] {
  const out: string[] = [];
  for (const item of input) {
    if (!item.trim()) continue;
    const tag = normalizeTag(item);
    if (tag === null) throw badRequest(TAG_RULE_MESSAGE);
    if (!out.includes(tag)) out.push(tag);
  }
  return out;
}

/**
 * PUT /api/ext/posts/{id}/tags: replaces the post's tags and moves its size and the account's storage by the
 * difference (413 when the growth does not fit); another user's post is not found.
 */
export async function editPostTags(
  ctx: AppContext,
  userId: string,
  postId: string,
  input: string[],
): Promise<Post> {
  const tags = typedTags(input);
  return ctx.db.transaction((tx) => setPostLabels(tx, userId, postId, { tags }, ctx.clock.now()));
}

/**
 * Deletes the user's posts `which` selects and their media in one transaction, gives back exactly their bytes
 * (each post's sizeBytes and its media's), and answers how many went and the storage used afterwards. The media
 * files go after the commit, as a single delete's do: a file that fails to go is disk space, never counted.
 */
async function deleteWhere(ctx: AppContext, userId: string, which: SQL): Promise<DeleteResult> {
  const { keys, result } = await ctx.db.transaction(async (tx) => {
    const chosen = and(eq(posts.userId, userId), which);
    // Locked first, in id order: two deletes of overlapping posts queue instead of deadlocking, and an upload to
    // one of them finishes (or fails) before its bytes are counted here (its row would otherwise vanish with the
    // post, its bytes still counted). The ids stay in SQL: a whole library is more than a statement's parameters.
    await tx.execute(
      sql`select count(*) from (select ${posts.id} from ${posts} where ${chosen} order by ${posts.id} for update) locked`,
    );
    const media = await tx
      .delete(postMedia)
      .where(inArray(postMedia.postId, tx.select({ id: posts.id }).from(posts).where(chosen)))
      .returning({ key: postMedia.storageKey, sizeBytes: postMedia.sizeBytes });
    const gone = await tx.delete(posts).where(chosen).returning({ sizeBytes: posts.sizeBytes });
    const freed =
      gone.reduce((sum, p) => sum + Number(p.sizeBytes), 0) +
      media.reduce((sum, m) => sum + Number(m.sizeBytes), 0);
    await releaseStorage(tx, userId, freed);
    return {
      keys: media.map((m) => m.key),
      result: { deleted: gone.length, storageUsed: await storageUsed(tx, userId) },
    };
  });
  await Promise.allSettled(keys.map((key) => ctx.media.delete(key)));
  return result;
}

async function storageUsed(db: Db, userId: string): Promise<number> {
  const [user] = await db.select({ used: users.storageUsed }).from(users).where(eq(users.id, userId));
  return Number(user?.used ?? 0);
}

/** POST /api/ext/posts/delete: the named posts that are the user's; other ids are skipped without a word. */
export async function deletePosts(ctx: AppContext, userId: string, ids: string[]): Promise<DeleteResult> {
  const own = uuidsOf(ids);
  return deleteWhere(ctx, userId, own.length ? inArray(posts.id, own) : sql`false`);
}

/** POST /api/ext/posts/delete-all: every post of the user, with every image. */
export async function deleteAllPosts(ctx: AppContext, userId: string): Promise<DeleteResult> {
  return deleteWhere(ctx, userId, sql`true`);
}
