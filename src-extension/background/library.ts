import type { LibraryAnswer, LibraryPost } from '../shared/messages';
import { allPosts, type StoredPost } from './localStore';
import { syncAccount } from './sync';
import type { WorkerContext } from './workerContext';

/**
 * The library page's list: the local copy, newest saved first. Signed in, the copy is brought up to date from the
 * account first (a change sync, or a full one when needed), so a post saved elsewhere shows; when the API cannot
 * be reached, the copy as it is.
 */
export async function library(ctx: WorkerContext): Promise<LibraryAnswer> {
  await syncAccount(ctx).catch(() => undefined);
  const records = await allPosts(await ctx.db());
  return { posts: records.sort((a, b) => b.savedAt.localeCompare(a.savedAt)).map(toLibraryPost) };
}

function toLibraryPost(r: StoredPost): LibraryPost {
  return {
    url: r.url,
    platform: r.post.platform,
    author: r.post.authorName,
    authorHandle: r.post.authorHandle,
    title: r.post.title ?? '',
    text: r.post.text,
    postedAt: r.post.postedAt,
    savedAt: r.savedAt,
    state: r.status === 'pending' && !r.postId ? 'pending' : 'saved',
    tags: r.tags,
    category: r.category,
  };
}
