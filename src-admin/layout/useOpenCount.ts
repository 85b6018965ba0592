import { useGetList } from 'react-admin';

/** How often the tab's open count is asked again while the console stays open. */
const RECOUNT_MS = 60_000;

/** The number of open messages (a one-row page; the total is what counts), or undefined while unknown. */
export function useOpenCount(): number | undefined {
  const { total } = useGetList(
    'messages',
    {
      filter: { status: 'open' },
      pagination: { page: 1, perPage: 1 },
      sort: { field: 'createdAt', order: 'DESC' },
    },
    { refetchInterval: RECOUNT_MS, retry: false },
  );
  return total;
}
