import type { ExtractedPost } from '../shared/extractedPost';
import type { RemoveAnswer, SavedStateAnswer, SaveState } from '../shared/messages';
import { ApiError, NetworkError } from './apiClient';
import { deleteAiRetry, deletePost, getPost, putPost, type StoredPost } from './localStore';
import { drain, retrySoon, sendPost } from './queue';
import { signedInApi } from './session';
import type { WorkerContext } from './workerContext';

/**
 * A save, signed in or out (docs/product.md, "No sign-up needed"):
 * - signed out, it is kept in IndexedDB with the basic, local categorization, and answered `saved` at once;
 * - signed in, it is queued, then sent (POST /api/ext/posts): `saved` when the account has it, `pending` when the
 *   network or the API fails (sent later, also after a browser restart), `quota` past the storage limit. Its
 *   images and AI work follow after the answer, so the control shows "Saved" without waiting for them.
 */
export async function save(ctx: WorkerContext, post: ExtractedPost): Promise<SaveState> {
  const db = await ctx.db();
  const { url } = post;
  const signedIn = await signedInApi(ctx);
  const mine = await getPost(db, url);
  if (!signedIn) {
    // A second save of a post kept here takes the newer reading (e.g. the whole text from the post's own page).
    if (!mine || (mine.status === 'local' && !mine.postId))
      await putPost(db, { ...newRecord(ctx, post, mine), status: 'local', savedSignedOut: true });
    return { state: 'saved', url, ...(mine?.postId ? { postId: mine.postId } : {}) };
  }
  if (mine?.postId) return { state: 'saved', url, postId: mine.postId };
  if (!mine || mine.status === 'local')
    await putPost(db, {
      ...newRecord(ctx, post, mine),
      status: 'pending',
      savedSignedOut: mine?.savedSignedOut ?? false,
    });
  const state = await sendPost(ctx, signedIn.api, url);
  // The images and AI work of this save (and of anything else waiting), after the answer.
  ctx.background(drain(ctx, { force: state.state === 'saved' }));
  return state;
}

function newRecord(ctx: WorkerContext, post: ExtractedPost, mine: StoredPost | undefined): StoredPost {
  return {
    url: post.url,
    post,
    status: 'local',
    postId: null,
    category: ctx.localCategory(post),
    tags: [],
    savedAt: mine?.savedAt ?? new Date(ctx.now()).toISOString(),
    imagesLeft: post.images,
    attempts: 0,
    nextTryAt: 0,
    savedSignedOut: true,
  };
}

/** Which of these permalinks are saved (in the account, or kept in this browser) and which wait to be sent. */
export async function savedState(ctx: WorkerContext, urls: string[]): Promise<SavedStateAnswer> {
  const db = await ctx.db();
  const answer: SavedStateAnswer = { saved: [], pending: [] };
  for (const url of new Set(urls)) {
    const record = await getPost(db, url);
    if (!record) continue;
    if (record.status === 'pending' && !record.postId) answer.pending.push(url);
    else answer.saved.push(url);
  }
  if (answer.pending.length) retrySoon(ctx);
  return answer;
}

/**
 * Removes a saved post: from the account when it is there and the user is signed in (DELETE /api/ext/posts/:id),
 * and from this browser. Signed out, only this browser's copy goes.
 */
export async function remove(ctx: WorkerContext, url: string): Promise<RemoveAnswer> {
  const db = await ctx.db();
  const signedIn = await signedInApi(ctx);
  return ctx.serial(async () => {
    const record = await getPost(db, url);
    if (signedIn && record?.postId) {
      try {
        await signedIn.api.deletePost(record.postId);
      } catch (err) {
        // Not found: it is gone from the account already.
        if (!(err instanceof ApiError && err.status === 404)) return removeFailed(url, err);
      }
      await deleteAiRetry(db, record.postId);
    }
    await deletePost(db, url);
    return { state: 'removed', url };
  });
}

function removeFailed(url: string, err: unknown): RemoveAnswer {
  if (err instanceof NetworkError)
    return {
      state: 'error',
      url,
      message:
        'Postkeeper could not be reached, so the post was not removed. Please try again when you are online.',
    };
  if (err instanceof ApiError && err.status === 401)
    return {
      state: 'error',
      url,
      message: 'Your session ended. Sign in on the Postkeeper website, then remove the post again.',
    };
  if (err instanceof ApiError) return { state: 'error', url, message: err.message };
  throw err;
}
