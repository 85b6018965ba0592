import { useCallback, useEffect, useRef, useState } from 'react';
import type { LibraryPost, StatusAnswer } from '../../shared/messages';
import type { LibrarySource } from './librarySource';

export interface LibraryState {
  /** loading: nothing read yet (skeletons); error: the copy could not be read (a message and Retry). */
  phase: 'loading' | 'ready' | 'error';
  posts: LibraryPost[];
  /** False while only the newest posts are read (the first cards): counts and the empty state wait. */
  complete: boolean;
  status: StatusAnswer | null;
  /** Signed in but the account cannot be reached: read-only from the local copy. */
  offline: boolean;
  error: string;
}

/** Enough cards to fill a tall screen. */
const FIRST_CARDS = 24;

/** Resolves after the next frame is drawn. */
const afterPaint = () =>
  new Promise<void>((resolve) =>
    typeof requestAnimationFrame === 'function'
      ? requestAnimationFrame(() => setTimeout(resolve, 0))
      : setTimeout(resolve, 0),
  );

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * The library's posts and account. The local copy shows first (the first cards come from it, without waiting
 * for the network); then the account, and, signed in, a sync through the worker, after which the copy is read
 * again. A sign-in or sign-out elsewhere, or coming back to the tab, loads again.
 */
export function useLibrary(source: LibrarySource) {
  const [state, setState] = useState<LibraryState>({
    phase: 'loading',
    posts: [],
    complete: false,
    status: null,
    offline: false,
    error: '',
  });
  const generation = useRef(0);

  const load = useCallback(async () => {
    const mine = ++generation.current;
    const current = () => generation.current === mine;
    let statusAsked: ReturnType<typeof source.ask<{ type: 'status' }>> | null = null;
    try {
      // The first cards from the newest few, then the whole copy (search, counts and analytics need it all).
      performance.mark('library:read-start');
      const newest = await source.readNewest?.(FIRST_CARDS).catch(() => null);
      // The bench reads these marks (tests/bench/libraryPage.ts): where the time to the first cards goes.
      performance.mark('library:newest-read');
      if (newest?.length && current())
        setState((s) => (s.complete ? s : { ...s, phase: 'ready', posts: newest, error: '' }));
      // Asked once the first cards are read: waking the worker (its start reads the same database) would slow them.
      statusAsked = source.ask({ type: 'status' });
      // The first cards are drawn before the whole copy is read: its reading holds the main thread a while.
      if (newest?.length) await afterPaint();
      const posts = await source.readPosts();
      if (current()) setState((s) => ({ ...s, phase: 'ready', posts, complete: true, error: '' }));
    } catch (err) {
      if (current()) setState((s) => ({ ...s, phase: 'error', error: message(err) }));
      return;
    }
    let status: StatusAnswer;
    try {
      status = await (statusAsked ?? source.ask({ type: 'status' }));
    } catch {
      // The worker is restarting: the copy shows, read-only, until it answers.
      if (current()) setState((s) => ({ ...s, offline: true }));
      return;
    }
    if (!current()) return;
    setState((s) => ({ ...s, status, offline: Boolean(status.offline) }));
    if (!status.signedIn) return;
    const sync = await source.ask({ type: 'syncLibrary' }).catch(() => ({ online: false }));
    const posts = await source.readPosts().catch(() => null);
    if (current())
      setState((s) => ({ ...s, posts: posts ?? s.posts, offline: Boolean(status.offline) || !sync.online }));
  }, [source]);

  useEffect(() => {
    void load();
    const stop = source.onSessionChange(() => void load());
    const onVisible = () => {
      if (document.visibilityState === 'visible') void load();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [load, source]);

  /** Changes the list in place (a tag edit, a delete), without reading the copy again. */
  const update = useCallback((change: (posts: LibraryPost[]) => LibraryPost[]) => {
    setState((s) => ({ ...s, posts: change(s.posts) }));
  }, []);

  const retry = useCallback(() => {
    setState((s) => ({ ...s, phase: 'loading', error: '' }));
    void load();
  }, [load]);

  return { ...state, reload: load, retry, update };
}
