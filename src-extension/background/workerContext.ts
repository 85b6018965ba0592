import type { ExtractedPost } from '../shared/extractedPost';
import { openLocalStore, type LocalDb } from './localStore';

/**
 * What the worker's logic needs from the browser, passed in so the logic runs in Node against the real API
 * with a fake of these few things (serviceWorker.ts passes Chrome's). Nothing here holds state that must outlive
 * the worker: chrome.storage and IndexedDB do.
 */
export interface WorkerDeps {
  /** From the build (buildConfig.ts). */
  config: {
    /** The web app's origin: a 413's Upgrade link goes to its /upgrade. */
    webUrl: string;
    /** The API base used until a session brings its own. */
    apiUrl: string;
    /** Whether a message's sender.origin is the web app's (the only origins that may hand over a session). */
    isWebAppOrigin(origin: string | undefined): boolean;
  };
  /** chrome.storage.local: the session and the account's figures. */
  storage: KeyValueArea;
  fetch: typeof fetch;
  now(): number;
  /** The basic categorization of a save kept in this browser (no account, no AI). */
  localCategory(post: ExtractedPost): string | null;
  /** Opens one of the extension's pages in a new tab. */
  openExtensionPage(path: string): Promise<void>;
  /** Runs `fn` after `ms` while the worker lives (setTimeout); a stopped worker forgets it, and loses nothing. */
  schedule(fn: () => void, ms: number): void;
  /** IndexedDB name; tests give each worker "install" its own. */
  dbName?: string;
}

export interface KeyValueArea {
  get(key: string): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(key: string): Promise<void>;
}

export interface WorkerContext extends WorkerDeps {
  db(): Promise<LocalDb>;
  /**
   * Runs `fn` after every sending task started before it, one at a time: a save, a drain of the queue and a
   * second hand-over of the session never send the same post or image side by side. Held in memory on purpose:
   * a stopped worker stops its tasks too, and the queue in IndexedDB says what is left.
   */
  serial<T>(fn: () => Promise<T>): Promise<T>;
  /** Work that goes on after a message is answered (images, AI, the upload after sign-in). */
  background(task: Promise<unknown>): void;
  /**
   * Runs `task` in the background at `at` (ms since the epoch) while the worker lives. The earliest wanted time
   * wins; a later one asked meanwhile is dropped, since that run will look at everything.
   */
  wakeAt(at: number, task: () => Promise<unknown>): void;
  /**
   * True when `key` was not asked in the last `ms` (this worker's life): a throttle, kept in memory because a new
   * worker may as well start afresh.
   */
  firstIn(key: string, ms: number): boolean;
  /** Resolves when the background work started so far has ended (tests, and nothing else, wait on it). */
  idle(): Promise<void>;
}

export function createWorkerContext(deps: WorkerDeps): WorkerContext {
  let opened: Promise<LocalDb> | null = null;
  let tail: Promise<unknown> = Promise.resolve();
  const running = new Set<Promise<unknown>>();
  let nextWake: number | null = null;
  const lastAsked = new Map<string, number>();
  const ctx: WorkerContext = {
    ...deps,
    db() {
      opened ??= openLocalStore(deps.dbName);
      return opened;
    },
    serial(fn) {
      const result = tail.then(fn, fn);
      tail = result.catch(() => undefined);
      return result;
    },
    background(task) {
      const tracked = task.catch((err: unknown) => console.error('Postkeeper background task failed', err));
      running.add(tracked);
      void tracked.finally(() => running.delete(tracked));
    },
    wakeAt(at, task) {
      if (nextWake !== null && nextWake <= at) return;
      nextWake = at;
      deps.schedule(
        () => {
          if (nextWake === at) nextWake = null;
          ctx.background(task());
        },
        Math.max(0, at - deps.now()),
      );
    },
    firstIn(key, ms) {
      const last = lastAsked.get(key);
      if (last !== undefined && deps.now() - last < ms) return false;
      lastAsked.set(key, deps.now());
      return true;
    },
    async idle() {
      while (running.size) await Promise.all([...running]);
    },
  };
  return ctx;
}
