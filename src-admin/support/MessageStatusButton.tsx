import Button from '@mui/material/Button';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ReplayIcon from '@mui/icons-material/Replay';
import { useNotify, useRefresh, useUpdate } from 'react-admin';
import type { MessageRow } from './supportColumns';

/** Resolve an open message, or reopen a resolved one; the server records who and when. */
export function MessageStatusButton({ record }: { record: MessageRow }) {
  const [update, { isPending }] = useUpdate();
  const notify = useNotify();
  const refresh = useRefresh();
  const open = record.status === 'open';
  const next = open ? 'resolved' : 'open';
  const run = () =>
    update(
      'messages',
      { id: record.id, data: { status: next }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(open ? 'Message resolved' : 'Message reopened', { type: 'success' });
          // Recounts the open messages on the section's tab too.
          refresh();
        },
        onError: (err) => notify((err as Error).message, { type: 'error' }),
      },
    );
  return (
    <Button
      variant={open ? 'contained' : 'outlined'}
      color={open ? 'success' : 'inherit'}
      startIcon={open ? <CheckCircleIcon /> : <ReplayIcon />}
      disabled={isPending}
      onClick={run}
    >
      {open ? 'Resolve' : 'Reopen'}
    </Button>
  );
}
