import { POST_PLATFORMS } from '../../src/contract/platforms';
import type {
  AiTaskAnswer,
  FacetsAnswer,
  LibraryChangeAnswer,
  LibraryFilters,
  StatsAnswer,
  SyncAnswer,
} from '../shared/messages';
import { ApiError, NetworkError } from './apiClient';
import { allPosts, deleteAiRetry, deletePost, getPost, updatePost } from './localStore';
import { signedInApi } from './session';
import { syncAccount } from './sync';
import type { WorkerContext } from './workerContext';

/**
 * What the library page asks beyond its list (which it reads from the local copy itself): the account's counts
 * and series, tag edits, deletes and the AI tasks. The worker makes every API call, so the token never leaves it.
 * Signed out, changes apply to this browser's copy; signed in, to the account first, then to the copy.
 */

/** The account's bound on one bulk delete (src/contract/libraryLimits.ts). */
const BULK = 500;
const LIST_MAX = 20;

export async function syncLibrary(ctx: WorkerContext): Promise<SyncAnswer> {
  try {
    await syncAccount(ctx);
    return { online: true };
  } catch {
    return { online: false };
  }
}

/** Filters from a message, kept to what the server accepts. */
export function validFilters(raw: unknown): LibraryFilters {
  const f = (raw ?? {}) as Record<string, unknown>;
  const list = (v: unknown) =>
    Array.isArray(v)
      ? v.filter((x): x is string => typeof x === 'string' && x.length > 0).slice(0, LIST_MAX)
      : [];
  return {
    ...(typeof f.q === 'string' && f.q.trim() ? { q: f.q.trim().slice(0, 200) } : {}),
    tags: list(f.tags),
    platforms: list(f.platforms).filter((p) => (POST_PLATFORMS as readonly string[]).includes(p)),
    ...(typeof f.category === 'string' && f.category ? { category: f.category } : {}),
  };
}

export async function libraryFacets(ctx: WorkerContext, filters: LibraryFilters): Promise<FacetsAnswer> {
  const signedIn = await signedInApi(ctx);
  if (!signedIn) return { facets: null };
  return { facets: await signedIn.api.library.facets(filters).catch(() => null) };
}

export async function libraryStats(ctx: WorkerContext, filters: LibraryFilters): Promise<StatsAnswer> {
  const signedIn = await signedInApi(ctx);
  if (!signedIn) return { stats: null };
  return { stats: await signedIn.api.library.stats(filters).catch(() => null) };
}

/** Tags as saving keeps them: trimmed, lower-case, without repeats or empties. */
export const normaliseTags = (tags: unknown): string[] =>
  Array.isArray(tags)
    ? [...new Set(tags.filter((t) => typeof t === 'string').map((t) => t.trim().toLowerCase()))].filter(
        Boolean,
      )
    : [];

export async function updateTags(
  ctx: WorkerContext,
  url: string,
  tags: string[],
): Promise<LibraryChangeAnswer> {
  const db = await ctx.db();
  const record = await getPost(db, url);
  if (!record) return { ok: false, message: 'This post is no longer in your library.' };
  const signedIn = await signedInApi(ctx);
  let saved = tags;
  if (signedIn && record.postId) {
    try {
      saved = (await signedIn.api.library.setTags(record.postId, tags)).tags ?? tags;
    } catch (err) {
      return failed(err, 'The tags were not changed');
    }
  }
  await updatePost(db, url, (r) => ({ ...r, tags: saved }));
  return { ok: true };
}

export async function deletePosts(ctx: WorkerContext, urls: string[]): Promise<LibraryChangeAnswer> {
  const db = await ctx.db();
  const records = (await Promise.all(urls.map((u) => getPost(db, u)))).filter((r) => r !== undefined);
  const signedIn = await signedInApi(ctx);
  let storageUsed: number | undefined;
  const ids = records.map((r) => r.postId).filter((id): id is string => Boolean(id));
  if (signedIn && ids.length) {
    try {
      for (let i = 0; i < ids.length; i += BULK)
        storageUsed = (await signedIn.api.library.deleteMany(ids.slice(i, i + BULK))).storageUsed;
    } catch (err) {
      return failed(err, 'The posts were not deleted');
    }
  }
  await ctx.serial(async () => {
    for (const r of records) {
      if (r.postId) await deleteAiRetry(db, r.postId);
      await deletePost(db, r.url);
    }
  });
  return { ok: true, ...(storageUsed !== undefined ? { storageUsed } : {}) };
}

export async function deleteAll(ctx: WorkerContext): Promise<LibraryChangeAnswer> {
  const signedIn = await signedInApi(ctx);
  let storageUsed: number | undefined;
  if (signedIn) {
    try {
      storageUsed = (await signedIn.api.library.deleteAll()).storageUsed;
    } catch (err) {
      return failed(err, 'Your library was not deleted');
    }
  }
  const db = await ctx.db();
  await ctx.serial(async () => {
    for (const r of await allPosts(db)) {
      if (r.postId) await deleteAiRetry(db, r.postId);
      await deletePost(db, r.url);
    }
  });
  return { ok: true, ...(storageUsed !== undefined ? { storageUsed } : {}) };
}

export async function aiTask(
  ctx: WorkerContext,
  task: 'search' | 'recommendations' | 'analytics',
  query: string | undefined,
): Promise<AiTaskAnswer> {
  const signedIn = await signedInApi(ctx);
  if (!signedIn) return { ok: false, message: 'Sign in with a Pro account to use AI on your library.' };
  try {
    const result = await signedIn.api.library.ask(task, query?.trim() ? { query: query.trim() } : {});
    return { ok: true, result };
  } catch (err) {
    if (err instanceof ApiError) return { ok: false, message: err.message, upgrade: err.status === 403 };
    if (err instanceof NetworkError) return { ok: false, message: err.message };
    throw err;
  }
}

function failed(err: unknown, what: string): LibraryChangeAnswer {
  if (err instanceof NetworkError)
    return {
      ok: false,
      message: `${what}: Postkeeper could not be reached. Please try again when you are online.`,
    };
  if (err instanceof ApiError) return { ok: false, message: err.message };
  throw err;
}
