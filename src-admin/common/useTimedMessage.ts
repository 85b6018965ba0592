import { useCallback, useEffect, useRef, useState } from 'react';
import { TIMINGS } from '../../src/config';

export interface TimedMessage {
  text: string;
  severity: 'error' | 'success' | 'info';
}

/** A banner message that clears itself after 5 seconds, or `ms` (docs/product.md#constants-and-timings). */
export function useTimedMessage(ms: number = TIMINGS.bannerMs) {
  const [message, setMessage] = useState<TimedMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const show = useCallback(
    (text: string, severity: TimedMessage['severity'] = 'error') => {
      clearTimeout(timer.current);
      setMessage({ text, severity });
      timer.current = setTimeout(() => setMessage(null), ms);
    },
    [ms],
  );
  useEffect(() => () => clearTimeout(timer.current), []);
  return [message, show] as const;
}
