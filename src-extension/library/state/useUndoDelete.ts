import { useCallback, useEffect, useRef, useState } from 'react';

/** How long a delete can be undone before it is sent. */
export const UNDO_MS = 5000;

export interface PendingDelete {
  urls: string[];
  label: string;
}

/**
 * Deletes with an undo window: the posts leave the feed at once, and the delete itself happens when the window
 * ends (or when the next delete starts, or the page hides). Undo puts them back and nothing is sent.
 */
export function useUndoDelete(commit: (urls: string[]) => void) {
  const [pending, setPending] = useState<PendingDelete | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const current = useRef<PendingDelete | null>(null);
  const commitRef = useRef(commit);
  commitRef.current = commit;

  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const done = current.current;
    current.current = null;
    setPending(null);
    if (done) commitRef.current(done.urls);
  }, []);

  const start = useCallback(
    (urls: string[], label: string) => {
      flush();
      current.current = { urls, label };
      setPending(current.current);
      timer.current = setTimeout(flush, UNDO_MS);
    },
    [flush],
  );

  const undo = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    current.current = null;
    setPending(null);
  }, []);

  // Leaving the page sends what waits: the user saw it deleted.
  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', flush);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', flush);
    };
  }, [flush]);

  return { pending, start, undo };
}
