import type { LibraryAnswer } from '../shared/messages';
import { newestFirst, toLibraryPost } from '../shared/libraryPost';
import { allPosts } from './localStore';
import { syncAccount } from './sync';
import type { WorkerContext } from './workerContext';

/**
 * The library's list: the local copy, newest saved first. Signed in, the copy is brought up to date from the
 * account first (a change sync, or a full one when needed), so a post saved elsewhere shows; when the API cannot
 * be reached, the copy as it is. (The library page reads the copy itself and asks `syncLibrary`; this answer is
 * for the worker's tests and any page without IndexedDB access.)
 */
export async function library(ctx: WorkerContext): Promise<LibraryAnswer> {
  await syncAccount(ctx).catch(() => undefined);
  const records = await allPosts(await ctx.db());
  return { posts: records.map(toLibraryPost).sort(newestFirst) };
}
