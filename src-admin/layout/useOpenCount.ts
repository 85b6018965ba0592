import { useEffect, useState } from 'react';
import { useGetList } from 'react-admin';

/** How often the tab's open count is asked again while the console stays open. */
const RECOUNT_MS = 60_000;
/** The longest the first count waits for an idle moment. */
const IDLE_WAIT_MS = 2_000;

/**
 * True once the browser has had an idle moment after mounting. The open count is secondary: asking for it only
 * then lets the section's own rows be asked for and drawn first (docs/PERFORMANCE.md).
 */
function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => setIdle(true), { timeout: IDLE_WAIT_MS });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(() => setIdle(true), 0);
    return () => window.clearTimeout(id);
  }, []);
  return idle;
}

/** The number of open messages (a one-row page; the total is what counts), or undefined while unknown. */
export function useOpenCount(): number | undefined {
  const idle = useIdle();
  const { total } = useGetList(
    'messages',
    {
      filter: { status: 'open' },
      pagination: { page: 1, perPage: 1 },
      sort: { field: 'createdAt', order: 'DESC' },
    },
    { refetchInterval: RECOUNT_MS, retry: false, enabled: idle },
  );
  return total;
}
