import { ApiError, isTransient, type ApiClient } from './apiClient';
import {
  aiRetries,
  deleteAiRetry,
  getAiRetry,
  putAiRetry,
  updatePost,
  type AiRetry,
  type AiTask,
} from './localStore';
import { retryWait } from './retryWait';
import { currentAccount } from './session';
import type { WorkerContext } from './workerContext';

/**
 * AI on save (docs/product.md): each post saved in the account is categorized (Free and Pro) and auto-tagged
 * (Pro: the account's `aiEnabled`) through POST /api/ext/ai/:task with its postId; the server saves the answer
 * on the post. The work is owed from the moment the post is marked uploaded (localStore.markUploaded), so a
 * failure, a 502 from the provider, a 429 or no network leaves the post saved and the work on this list, tried
 * again later (queue.ts says when). A refusal that will not change (403 for the plan, 404 for a post deleted
 * meanwhile, 413 past the storage limit) ends it.
 */

/** Asks the AI work that is due, one post at a time; stops at the first failure for now. */
export async function runAiRetries(
  ctx: WorkerContext,
  api: ApiClient,
  opts: { force?: boolean } = {},
): Promise<void> {
  const db = await ctx.db();
  for (const retry of await aiRetries(db)) {
    if (!opts.force && retry.nextTryAt > ctx.now()) continue;
    if ((await ctx.serial(() => runOne(ctx, api, retry.postId))) === 'stop') return;
  }
}

async function runOne(ctx: WorkerContext, api: ApiClient, postId: string): Promise<'ok' | 'stop'> {
  const db = await ctx.db();
  const retry = await getAiRetry(db, postId);
  if (!retry) return 'ok';
  let left: AiTask[] = [...retry.tasks];
  try {
    if (left.includes('auto-tagging') && !(await currentAccount(ctx, api)).aiEnabled)
      left = left.filter((t) => t !== 'auto-tagging');
    // Categorization first: Free accounts get it, and it is the one the library groups by.
    for (const task of ['categorization', 'auto-tagging'] as const) {
      if (!left.includes(task)) continue;
      try {
        const result = await api.ai(task, postId);
        await updatePost(db, retry.url, (r) =>
          r.postId !== postId
            ? r
            : task === 'categorization'
              ? { ...r, category: typeof result.category === 'string' ? result.category : r.category }
              : { ...r, tags: Array.isArray(result.tags) ? result.tags.map(String) : r.tags },
        );
      } catch (err) {
        if (isTransient(err) || !(err instanceof ApiError) || err.status === 401) throw err;
      }
      left = left.filter((t) => t !== task);
    }
    await deleteAiRetry(db, postId);
    return 'ok';
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return 'stop';
    if (!isTransient(err)) throw err;
    await putAiRetry(db, nextTry(ctx, retry, left));
    return 'stop';
  }
}

/** The retry with what is left, after one more failed try. */
function nextTry(ctx: WorkerContext, retry: AiRetry, tasks: AiTask[]): AiRetry {
  const attempts = retry.attempts + 1;
  return { ...retry, tasks, attempts, nextTryAt: ctx.now() + retryWait(attempts) };
}
