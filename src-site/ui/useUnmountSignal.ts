import { useCallback, useEffect, useRef } from 'react';

/**
 * The signal of the screen that calls this: aborted when the screen goes (unmounts), so a request it started and
 * no longer waits for is cancelled rather than left to finish into a screen that is gone. Read it when the request
 * starts: `signal()`.
 */
export function useUnmountSignal(): () => AbortSignal {
  const controller = useRef<AbortController | null>(null);
  useEffect(() => {
    // Under StrictMode React mounts, unmounts and mounts again: each mount gets a fresh, unaborted controller.
    const current = (controller.current ??= new AbortController());
    return () => {
      current.abort();
      controller.current = null;
    };
  }, []);
  return useCallback(() => (controller.current ??= new AbortController()).signal, []);
}
