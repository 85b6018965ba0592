import type { Post } from '../../src/contract/ext';
import type { ExtractedPost } from '../shared/extractedPost';
import type { ApiClient } from './apiClient';
import type { LocalDb, StoredPost } from './localStore';
import { signedInApi } from './session';
import type { WorkerContext } from './workerContext';

/**
 * Signed in, the account is the source of truth and IndexedDB keeps a copy of its posts, so "is this saved?"
 * (savedState) and the library answer at once, also offline. A full sync reads every post (by cursor, 100 a page)
 * and drops the account copies it did not meet (deleted elsewhere, or another account's). Between full syncs, a
 * change sync reads what changed since the last one (updatedSince) and compares the account's count with the
 * copy's: a difference (a post deleted on the web) calls for a full sync.
 */

const SYNC_KEY = 'sync';
const PER_PAGE = 100;
/** A full sync at least this often, to catch a delete and a save that left the count as it was. */
export const FULL_SYNC_EVERY_MS = 24 * 60 * 60_000;
/** Change syncs at worker start no more often than this (the library asks for one whenever it opens). */
export const CHANGE_SYNC_EVERY_MS = 5 * 60_000;

interface SyncMarks {
  /** The newest updatedAt met (the server's clock): the next change sync asks from there. */
  updatedSince: string | null;
  /** When the last full sync, and the last sync of any kind, ended (this browser's clock). */
  fullAt: number;
  at: number;
}

async function readMarks(ctx: WorkerContext): Promise<SyncMarks | null> {
  return ((await ctx.storage.get(SYNC_KEY))[SYNC_KEY] as SyncMarks | undefined) ?? null;
}

/** Forgets the marks (a new session: its account is read in full). */
export const forgetSync = (ctx: WorkerContext) => ctx.storage.remove(SYNC_KEY);

/**
 * Brings the copy up to date: in full when asked, when the last full sync is old or there was none; else the
 * changes. Throws what the API threw (a 401 has signed the extension out by then).
 */
export async function syncAccount(ctx: WorkerContext, opts: { full?: boolean } = {}): Promise<void> {
  const signedIn = await signedInApi(ctx);
  if (!signedIn) return;
  const { api } = signedIn;
  const marks = await readMarks(ctx);
  const started = ctx.now();
  const db = await ctx.db();
  const full = opts.full || !marks?.updatedSince || started - marks.fullAt > FULL_SYNC_EVERY_MS;
  let newest = full ? null : marks!.updatedSince;
  newest = await readAll(api, db, started, full ? {} : { updatedSince: marks!.updatedSince! }, newest);
  // Signed out, or another account signed in, meanwhile: what was read may not be this account's whole library.
  if ((await signedInApi(ctx))?.session.token !== signedIn.session.token) return;
  if (full) await dropUnseen(db, started);
  else if ((await api.listPosts({ perPage: 1 })).total !== (await accountCopies(db))) {
    // A post deleted elsewhere: only a full read shows which.
    return syncAccount(ctx, { full: true });
  }
  await ctx.storage.set({
    [SYNC_KEY]: {
      updatedSince: newest,
      fullAt: full ? started : marks!.fullAt,
      at: ctx.now(),
    } satisfies SyncMarks,
  });
}

/** A change sync when the last sync of any kind is older than CHANGE_SYNC_EVERY_MS (at worker start). */
export async function syncIfStale(ctx: WorkerContext): Promise<void> {
  const marks = await readMarks(ctx);
  if (marks && ctx.now() - marks.at < CHANGE_SYNC_EVERY_MS) return;
  await syncAccount(ctx);
}

async function readAll(
  api: ApiClient,
  db: LocalDb,
  started: number,
  filter: Record<string, string>,
  newest: string | null,
): Promise<string | null> {
  let before: string | null = null;
  do {
    const page = await api.listPosts({ ...filter, perPage: PER_PAGE, ...(before ? { before } : {}) });
    await merge(db, page.posts, started);
    for (const p of page.posts) if (!newest || p.updatedAt > newest) newest = p.updatedAt;
    before = page.nextCursor;
  } while (before);
  return newest;
}

/** Puts the account's posts into the copy, in one transaction a page. */
async function merge(db: LocalDb, posts: Post[], seenAt: number): Promise<void> {
  const tx = db.transaction('posts', 'readwrite');
  for (const p of posts) {
    const mine = await tx.store.get(p.url);
    // Not marked sent yet: the queue sends it and learns the id (the same post, by url).
    if (mine?.status === 'pending' && !mine.postId) continue;
    const sending = mine?.status === 'pending' && mine.postId === p.id && mine.imagesLeft.length > 0;
    const record: StoredPost = {
      url: p.url,
      post: mine?.post ?? fromAccount(p),
      status: sending ? 'pending' : 'saved',
      postId: p.id,
      category: p.category,
      tags: p.tags,
      savedAt: mine?.savedAt ?? p.createdAt,
      imagesLeft: sending ? mine.imagesLeft : [],
      attempts: sending ? mine.attempts : 0,
      nextTryAt: sending ? mine.nextTryAt : 0,
      savedSignedOut: mine?.savedSignedOut ?? false,
      // Two syncs can run at once (the hand-over twice): the one that started first must not mark a post seen
      // earlier than the later one did, or the later one's dropUnseen takes it for gone.
      seenAt: Math.max(seenAt, mine?.seenAt ?? 0),
    };
    await tx.store.put(record);
  }
  await tx.done;
}

/** A post saved elsewhere (the web app, another browser), as the copy keeps it. */
function fromAccount(p: Post): ExtractedPost {
  return {
    platform: p.platform,
    url: p.url,
    authorName: p.author,
    authorHandle: p.authorHandle,
    text: p.text,
    postedAt: p.postedAt,
    images: [],
    ...(p.title ? { title: p.title } : {}),
    ...(p.quotedUrl ? { quotedUrl: p.quotedUrl } : {}),
    ...(p.replyToUrl ? { replyToUrl: p.replyToUrl } : {}),
  };
}

/** Drops account copies a full sync that started at `started` did not meet: the account no longer has them. */
async function dropUnseen(db: LocalDb, started: number): Promise<void> {
  const tx = db.transaction('posts', 'readwrite');
  for (const record of await tx.store.index('byStatus').getAll('saved'))
    if ((record.seenAt ?? 0) < started) await tx.store.delete(record.url);
  await tx.done;
}

/** How many of the copy's posts the account has (saved, or still sending images). */
async function accountCopies(db: LocalDb): Promise<number> {
  const saved = await db.countFromIndex('posts', 'byStatus', 'saved');
  const sending = (await db.getAllFromIndex('posts', 'byStatus', 'pending')).filter((r) => r.postId).length;
  return saved + sending;
}
