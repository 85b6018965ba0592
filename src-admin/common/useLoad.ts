import { useCallback, useEffect, useRef, useState } from 'react';

export interface Loaded<T> {
  data: T | undefined;
  error: Error | null;
  loading: boolean;
  reload: () => Promise<void>;
  setData: (update: (prev: T | undefined) => T | undefined) => void;
}

/** Loads one named provider call on mount; `reload` runs it again (after an action or a timer). */
export function useLoad<T>(load: () => Promise<T>): Loaded<T> {
  const [data, setDataState] = useState<T | undefined>(undefined);
  const [error, setError] = useState<Error | null>(null);
  const [loading, setLoading] = useState(true);
  const loader = useRef(load);
  loader.current = load;
  const live = useRef(true);

  const reload = useCallback(async () => {
    setLoading(true);
    try {
      const value = await loader.current();
      if (!live.current) return;
      setDataState(value);
      setError(null);
    } catch (err) {
      if (live.current) setError(err as Error);
    } finally {
      if (live.current) setLoading(false);
    }
  }, []);

  useEffect(() => {
    live.current = true;
    void reload();
    return () => {
      live.current = false;
    };
  }, [reload]);

  const setData = useCallback((update: (prev: T | undefined) => T | undefined) => setDataState(update), []);
  return { data, error, loading, reload, setData };
}
