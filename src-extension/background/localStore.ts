import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { ExtractedPost } from '../shared/extractedPost';

/**
 * The extension's own copy of the saves, in IndexedDB: what was saved signed out, what waits to be sent, and the
 * account's posts for instant reads. Everything the worker must remember lives here or in chrome.storage: an MV3
 * service worker stops when idle and starts afresh, so nothing that matters may wait in a module variable.
 */

/**
 * - `local`: kept in this browser only (saved signed out, or refused by the account); uploaded at the next
 *   sign-in.
 * - `pending`: on its way to the account: the post itself (no postId yet) or images still to upload.
 * - `saved`: in the account; this is the local copy.
 */
export type SaveStatus = 'local' | 'pending' | 'saved';

export interface StoredPost {
  /** The permalink: one record per url, as the account keeps one post per url. */
  url: string;
  /** What was read from the page (for an account post that came by sync: what the account holds). */
  post: ExtractedPost;
  status: SaveStatus;
  /** The account's post id once the account has it: the mark that it was uploaded. */
  postId: string | null;
  category: string | null;
  tags: string[];
  /** When it was saved (ISO). */
  savedAt: string;
  /** Images not uploaded yet, in order. */
  imagesLeft: string[];
  /** Failed tries to send it, for the wait before the next (queue.ts). */
  attempts: number;
  /** Not retried before this time (ms since the epoch); 0 = now. */
  nextTryAt: number;
  /** Saved while signed out (kept here if the account refuses it), rather than sent straight to the account. */
  savedSignedOut: boolean;
  /** The account's last refusal (e.g. the storage limit), while it is kept in this browser instead. */
  refused?: string;
  /** The start of the last full sync that found it in the account (sync.ts drops account copies it missed). */
  seenAt?: number;
}

export type AiTask = 'categorization' | 'auto-tagging';

/** AI work still owed to a saved post: asked right after the save, and again later when that failed. */
export interface AiRetry {
  postId: string;
  url: string;
  tasks: AiTask[];
  attempts: number;
  nextTryAt: number;
}

interface Schema extends DBSchema {
  posts: { key: string; value: StoredPost; indexes: { byStatus: SaveStatus; bySavedAt: string } };
  aiRetries: { key: string; value: AiRetry };
}

export type LocalDb = IDBPDatabase<Schema>;

export const DB_NAME = 'postkeeper';

/** 2: posts by savedAt, so the library page reads its first cards (the newest) without reading every post. */
export const DB_VERSION = 2;

export function openLocalStore(name = DB_NAME): Promise<LocalDb> {
  return openDB<Schema>(name, DB_VERSION, {
    upgrade(db, oldVersion, _newVersion, tx) {
      if (oldVersion < 1) {
        const posts = db.createObjectStore('posts', { keyPath: 'url' });
        posts.createIndex('byStatus', 'status');
        db.createObjectStore('aiRetries', { keyPath: 'postId' });
      }
      if (oldVersion < 2) tx.objectStore('posts').createIndex('bySavedAt', 'savedAt');
    },
  });
}

/**
 * The newest `count` posts, newest first (the library's first cards), in three requests whatever `count` is: the
 * `count`-th newest date by a key cursor, then every post from that date on. (A cursor over the posts themselves
 * takes a round trip to the database per post, slow on a busy machine.)
 */
export async function newestPosts(db: LocalDb, count: number): Promise<StoredPost[]> {
  const index = db.transaction('posts').store.index('bySavedAt');
  let cursor = await index.openKeyCursor(null, 'prev');
  if (!cursor) return [];
  if (count > 1) cursor = await cursor.advance(count - 1);
  const rows = await index.getAll(cursor ? IDBKeyRange.lowerBound(cursor.key) : undefined);
  return rows.reverse();
}

export const getPost = (db: LocalDb, url: string) => db.get('posts', url);

export const putPost = (db: LocalDb, record: StoredPost) => db.put('posts', record);

export const deletePost = (db: LocalDb, url: string) => db.delete('posts', url);

export const postsWithStatus = (db: LocalDb, status: SaveStatus) =>
  db.getAllFromIndex('posts', 'byStatus', status);

export const countWithStatus = (db: LocalDb, status: SaveStatus) =>
  db.countFromIndex('posts', 'byStatus', status);

export const allPosts = (db: LocalDb) => db.getAll('posts');

/** Changes one record in a transaction of its own, so a change made meanwhile elsewhere is not overwritten. */
export async function updatePost(
  db: LocalDb,
  url: string,
  change: (record: StoredPost) => StoredPost | null,
): Promise<StoredPost | null> {
  const tx = db.transaction('posts', 'readwrite');
  const current = await tx.store.get(url);
  const next = current ? change(current) : null;
  if (next) await tx.store.put(next);
  await tx.done;
  return next;
}

/**
 * Marks a post uploaded and owes it its AI work, in one transaction: a worker stopped right after cannot leave
 * an uploaded post without its tags, nor tag a post it has not marked.
 */
export async function markUploaded(
  db: LocalDb,
  url: string,
  fields: Pick<StoredPost, 'postId' | 'category' | 'tags'>,
  ai: AiTask[],
  now: number,
): Promise<StoredPost | null> {
  const tx = db.transaction(['posts', 'aiRetries'], 'readwrite');
  const posts = tx.objectStore('posts');
  const current = await posts.get(url);
  let next: StoredPost | null = null;
  if (current) {
    next = {
      ...current,
      ...fields,
      status: current.imagesLeft.length ? 'pending' : 'saved',
      attempts: 0,
      nextTryAt: 0,
      refused: undefined,
      seenAt: now,
    };
    await posts.put(next);
    if (ai.length && fields.postId)
      await tx
        .objectStore('aiRetries')
        .put({ postId: fields.postId, url, tasks: ai, attempts: 0, nextTryAt: 0 });
  }
  await tx.done;
  return next;
}

export const aiRetries = (db: LocalDb) => db.getAll('aiRetries');
export const getAiRetry = (db: LocalDb, postId: string) => db.get('aiRetries', postId);
export const putAiRetry = (db: LocalDb, retry: AiRetry) => db.put('aiRetries', retry);
export const deleteAiRetry = (db: LocalDb, postId: string) => db.delete('aiRetries', postId);

/**
 * Signed out (LOGOUT, or the session ended): what never reached the account goes back to this browser's library,
 * to be uploaded at the next sign-in (by url, so a post that did reach it is found again, not doubled). The
 * account's copies and the AI work owed to them go: they are safe in the account and come back with the next
 * sign-in's sync, and the next person to use this browser must not see the last account's library.
 */
export async function leaveAccount(db: LocalDb): Promise<void> {
  const tx = db.transaction(['posts', 'aiRetries'], 'readwrite');
  const posts = tx.objectStore('posts');
  for (const record of await posts.index('byStatus').getAll('pending'))
    await posts.put({
      ...record,
      status: 'local',
      postId: null,
      savedSignedOut: true,
      attempts: 0,
      nextTryAt: 0,
    });
  for (const key of await posts.index('byStatus').getAllKeys('saved')) await posts.delete(key);
  await tx.objectStore('aiRetries').clear();
  await tx.done;
}

/**
 * Signed in: every save kept in this browser is queued for the account, in one transaction, so a second
 * hand-over of the session finds nothing left to queue.
 */
export async function queueLocalSaves(db: LocalDb): Promise<number> {
  const tx = db.transaction('posts', 'readwrite');
  const local = await tx.store.index('byStatus').getAll('local');
  for (const record of local)
    await tx.store.put({
      ...record,
      status: 'pending',
      // All of them: the account keeps one copy of an image sent twice.
      imagesLeft: record.post.images,
      attempts: 0,
      nextTryAt: 0,
    });
  await tx.done;
  return local.length;
}
