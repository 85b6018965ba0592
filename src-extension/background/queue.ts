import type { SaveState } from '../shared/messages';
import { ApiError, isTransient, quietly, toSavePost, type ApiClient } from './apiClient';
import { runAiRetries } from './aiOnSave';
import {
  deletePost,
  getPost,
  markUploaded,
  postsWithStatus,
  aiRetries,
  updatePost,
  type AiTask,
  type StoredPost,
} from './localStore';
import { retryWait } from './retryWait';
import { signedInApi } from './session';
import type { WorkerContext } from './workerContext';

/**
 * The upload queue: saves with status `pending` in IndexedDB, sent one step at a time (the post, then each image;
 * AI in aiOnSave.ts). A step reads the record afresh inside ctx.serial, so a second drain, a repeated message or a
 * worker stopped half-way never sends a post or an image twice: the post is found again by its url (the API's
 * same-url rule), and the record is marked in the same step that learns the post's id.
 *
 * Sent again: at every worker start, on the browser's `online` event (where the browser fires it in workers),
 * after a sign-in, when a control or the popup showing Pending asks again (retrySoon), and while the worker lives
 * on a timer at the next try's time (retryWait.ts).
 */

/** How often a Pending shown and asked about again may send a try: the network may be back. */
export const ASKED_RETRY_MS = 5000;

/**
 * A control showing Pending asks the worker again every few seconds, and the popup shows the count: whether the
 * network is back is learned by trying, so what waits is tried now (without the wait between tries), at most once
 * every ASKED_RETRY_MS.
 */
export function retrySoon(ctx: WorkerContext): void {
  if (ctx.firstIn('asked-retry', ASKED_RETRY_MS)) ctx.background(quietly(drain(ctx, { force: true })));
}

/** The answer for a save the account refused, with the web app's Upgrade link for the storage limit. */
export function refusal(ctx: WorkerContext, url: string, err: ApiError): SaveState {
  return err.status === 413
    ? { state: 'quota', url, message: err.message, upgradeUrl: `${ctx.config.webUrl}/upgrade` }
    : { state: 'error', url, message: err.message };
}

/** The AI work a post just saved in the account still needs: what it does not have yet. */
const owedAi = (post: { category: string | null; tags: string[] }): AiTask[] => [
  ...(post.category ? [] : (['categorization'] as const)),
  ...(post.tags.length ? [] : (['auto-tagging'] as const)),
];

/** Sends one pending post itself (POST /api/ext/posts), unless the account has it already. */
export function sendPost(ctx: WorkerContext, api: ApiClient, url: string): Promise<SaveState> {
  return ctx.serial(async () => {
    const db = await ctx.db();
    const record = await getPost(db, url);
    if (!record) return { state: 'error', url, message: 'This post was removed meanwhile.' };
    if (record.postId) return { state: 'saved', url, postId: record.postId };
    if (record.status !== 'pending') return { state: 'saved', url };
    try {
      const { post } = await api.savePost(toSavePost(record.post));
      const fields = { postId: post.id, category: post.category ?? record.category, tags: post.tags };
      await markUploaded(db, url, fields, owedAi(post), ctx.now());
      return { state: 'saved', url, postId: post.id };
    } catch (err) {
      return failedPost(ctx, record, err);
    }
  });
}

async function failedPost(ctx: WorkerContext, record: StoredPost, err: unknown): Promise<SaveState> {
  const db = await ctx.db();
  const { url } = record;
  if (isTransient(err)) {
    await later(ctx, url);
    return { state: 'pending', url };
  }
  // A 401 has signed the extension out (session.ts): the save stays in this browser, as a signed-out save does.
  if (err instanceof ApiError && err.status === 401) return { state: 'saved', url };
  if (!(err instanceof ApiError)) throw err;
  // Refused (the storage limit, a malformed field): a save made signed out stays in this browser and is tried
  // again at the next sign-in; a save made signed in was never anywhere else, and the answer says why.
  if (record.savedSignedOut)
    await updatePost(db, url, (r) => ({
      ...r,
      status: 'local',
      refused: err.message,
      attempts: 0,
      nextTryAt: 0,
    }));
  else await deletePost(db, url);
  return refusal(ctx, url, err);
}

type Step = 'more' | 'done' | 'stop';

/** Tries of one image before it is skipped: a CDN that keeps failing must not hold the post, or the queue. */
export const IMAGE_TRIES = 3;

/**
 * Uploads the next image of a post the account has. 'stop' when the API cannot be reached for now (the next
 * posts would meet the same); 'done' when this post waits for its image's CDN, or has no image left.
 */
function sendNextImage(ctx: WorkerContext, api: ApiClient, url: string): Promise<Step> {
  return ctx.serial(async () => {
    const db = await ctx.db();
    const record = await getPost(db, url);
    if (!record?.postId || record.status !== 'pending') return 'done';
    const [src] = record.imagesLeft;
    let refused: string | undefined;
    if (src !== undefined) {
      const image = await fetchImage(ctx, src);
      if (image === 'unreachable' && record.attempts + 1 < IMAGE_TRIES) {
        await later(ctx, url);
        return 'done';
      }
      try {
        if (image instanceof Blob) await api.uploadMedia(record.postId, image);
      } catch (err) {
        if (isTransient(err)) {
          await later(ctx, url);
          return 'stop';
        }
        if (!(err instanceof ApiError) || err.status === 401) return 'stop';
        // Refused (too large, not an image, past the storage limit): the post keeps its text; the record keeps
        // why, for the library.
        refused = err.message;
      }
    }
    const next = await updatePost(db, url, (r) => {
      const imagesLeft = r.imagesLeft.filter((s) => s !== src);
      return {
        ...r,
        imagesLeft,
        status: imagesLeft.length ? 'pending' : 'saved',
        attempts: 0,
        nextTryAt: 0,
        ...(refused ? { refused } : {}),
      };
    });
    return next?.imagesLeft.length ? 'more' : 'done';
  });
}

/** One more failed try of a pending record: the next waits longer. */
async function later(ctx: WorkerContext, url: string): Promise<void> {
  await updatePost(await ctx.db(), url, (r) =>
    r.status === 'pending'
      ? { ...r, attempts: r.attempts + 1, nextTryAt: ctx.now() + retryWait(r.attempts + 1) }
      : r,
  );
}

/**
 * An image's bytes from its CDN (the extension's host permissions allow it), without the user's cookies:
 * 'gone' when the CDN answers it has none (the image is skipped), 'unreachable' when there is no answer or the
 * CDN fails.
 */
async function fetchImage(ctx: WorkerContext, src: string): Promise<Blob | 'gone' | 'unreachable'> {
  try {
    const res = await ctx.fetch(src, { credentials: 'omit' });
    if (res.status >= 500) return 'unreachable';
    return res.ok ? await res.blob() : 'gone';
  } catch {
    return 'unreachable';
  }
}

/**
 * Sends what is waiting: each pending post, then its images, then the AI work owed. `force` ignores the waits
 * between tries (the network just came back, or the user just signed in). Stops at the first failure for now:
 * the others would meet the same network.
 */
export async function drain(ctx: WorkerContext, opts: { force?: boolean } = {}): Promise<void> {
  const signedIn = await signedInApi(ctx);
  if (!signedIn) return;
  const { api } = signedIn;
  const db = await ctx.db();
  const due = (r: { nextTryAt: number }) => opts.force || r.nextTryAt <= ctx.now();
  const pending = (await postsWithStatus(db, 'pending')).sort((a, b) => a.savedAt.localeCompare(b.savedAt));
  let stopped = false;
  for (const record of pending.filter(due)) {
    if (!record.postId) {
      const state = await sendPost(ctx, api, record.url);
      if (state.state === 'pending' || !(await signedInApi(ctx))) {
        stopped = true;
        break;
      }
      if (state.state !== 'saved') continue;
    }
    let step: Step = 'more';
    while (step === 'more') step = await sendNextImage(ctx, api, record.url);
    if (step === 'stop') {
      stopped = true;
      break;
    }
  }
  if (!stopped && (await signedInApi(ctx))) await runAiRetries(ctx, api, opts);
  await wakeForNextTry(ctx);
}

/** While the worker lives, comes back at the next try's time (a stopped worker comes back at its next start). */
async function wakeForNextTry(ctx: WorkerContext): Promise<void> {
  if (!(await signedInApi(ctx))) return;
  const db = await ctx.db();
  const times = [...(await postsWithStatus(db, 'pending')), ...(await aiRetries(db))].map((r) => r.nextTryAt);
  if (!times.length) return;
  // Saves not tried yet wait behind the one that failed: all are tried at its time, not one a second meanwhile.
  const upcoming = times.filter((time) => time > ctx.now());
  ctx.wakeAt(upcoming.length ? Math.min(...upcoming) : ctx.now() + 1000, () => drain(ctx));
}
