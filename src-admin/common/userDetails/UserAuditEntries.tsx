import Typography from '@mui/material/Typography';
import { useGetList } from 'react-admin';
import { formatDateTime } from '../../../src/format';
import type { AuditEntry } from '../../../src/contract/audit';

type AuditRow = AuditEntry & { id: number };

const SHOWN = 10;

/** The latest operator changes to one user, for their details dialog. */
export function UserAuditEntries({ userId }: { userId: string }) {
  const { data, total, isPending, error } = useGetList<AuditRow>('audit-log', {
    filter: { targetType: 'user', targetId: userId },
    pagination: { page: 1, perPage: SHOWN },
    sort: { field: 'at', order: 'DESC' },
  });
  return (
    <section aria-label="Audit log entries">
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
        Audit log
      </Typography>
      {isPending ? <Typography variant="body2">Loading…</Typography> : null}
      {error ? <Typography variant="body2">{(error as Error).message}</Typography> : null}
      {!isPending && !error && !data?.length ? <Typography variant="body2">No entries</Typography> : null}
      {data?.length ? (
        <ul style={{ marginTop: 4 }}>
          {data.map((e) => (
            <li key={e.id}>
              {formatDateTime(e.at)}: {e.summary} (by {e.actor})
            </li>
          ))}
        </ul>
      ) : null}
      {total !== undefined && total > SHOWN ? (
        <Typography variant="body2" color="text.secondary">
          The latest {SHOWN} of {total}.
        </Typography>
      ) : null}
    </section>
  );
}
