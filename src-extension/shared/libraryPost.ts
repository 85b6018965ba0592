import type { StoredPost } from '../background/localStore';
import type { LibraryPost } from './messages';

/**
 * One record of the local copy as the library shows it: the worker's `library` answer and the library page's own
 * reading of the copy (library/state/libraryStore.ts) give the same posts.
 */
export function toLibraryPost(r: StoredPost): LibraryPost {
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
    postId: r.postId,
    images: r.post.images,
  };
}

/** Newest saved first: the feed's order. */
export const newestFirst = (a: LibraryPost, b: LibraryPost) => b.savedAt.localeCompare(a.savedAt);
