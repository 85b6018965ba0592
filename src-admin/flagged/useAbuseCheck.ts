import { useEffect, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { TIMINGS } from '../../src/config';
import { useAdminProvider, useInvalidate } from '../common/adminQueries';
import { ADMIN_TEXT } from '../providers/adminMessages';

/**
 * Run Abuse Check: says the check started (the spec's text) or, when the server refuses because one is
 * already running, says that instead; either way the flagged lists and figures reload 30 seconds later.
 */
export function useAbuseCheck(onError: (message: string) => void) {
  const provider = useAdminProvider();
  const invalidate = useInvalidate();
  const [info, setInfo] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const check = useMutation({
    mutationFn: () => provider.runAbuseCheck(),
    onSuccess: (answer) => {
      const running = answer?.started === false;
      setInfo(
        running ? answer.message || 'An abuse check is already running.' : ADMIN_TEXT.abuseCheckStarted,
      );
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        setInfo(null);
        void invalidate('flagged', 'suspicious');
      }, TIMINGS.abuseCheckRefreshMs);
    },
    onError: (err: Error) => onError(err.message),
  });
  return { run: () => check.mutate(), info, isPending: check.isPending };
}
