import type { GridColDef } from '@mui/x-data-grid';
import Chip from '@mui/material/Chip';
import { Link } from 'react-router-dom';
import { useCreatePath } from 'react-admin';
import type { InboxMessage } from '../../src/contract/support';
import { formatDateTime } from '../../src/format';
import type { ExportColumn } from '../csv/ExportCsvButton';

export type MessageRow = InboxMessage & { id: string };

const TYPE_LABEL = { contact: 'Contact', support: 'Support' } as const;
const STATUS_LABEL = { open: 'Open', resolved: 'Resolved' } as const;

export const typeLabel = (t: InboxMessage['type']) => TYPE_LABEL[t] ?? t;
export const statusLabel = (s: InboxMessage['status']) => STATUS_LABEL[s] ?? s;

export function StatusChip({ status }: { status: InboxMessage['status'] }) {
  return <Chip size="small" label={statusLabel(status)} color={status === 'open' ? 'warning' : 'success'} />;
}

/** The message text cut to one line, linking to the detail view where it is shown whole. */
function MessageLink({ row }: { row: MessageRow }) {
  const createPath = useCreatePath();
  return (
    <Link
      to={createPath({ resource: 'messages', id: row.id, type: 'show' })}
      style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
    >
      {row.message}
    </Link>
  );
}

/** Least important first: what goes when the window narrows (the columns menu brings it back). */
export const MESSAGE_HIDE_BELOW = { handledBy: 1100 };

export const messageColumns: GridColDef<MessageRow>[] = [
  { field: 'createdAt', headerName: 'Date', width: 175, valueFormatter: (v) => formatDateTime(v) },
  { field: 'type', headerName: 'Type', width: 80, valueFormatter: (v) => typeLabel(v) },
  { field: 'name', headerName: 'Name', flex: 0.8, minWidth: 100 },
  { field: 'email', headerName: 'Email', flex: 1, minWidth: 150 },
  {
    field: 'message',
    headerName: 'Message',
    flex: 2,
    minWidth: 160,
    sortable: false,
    renderCell: ({ row }) => <MessageLink row={row} />,
  },
  {
    field: 'hasScreenshot',
    headerName: 'Screenshot',
    width: 95,
    sortable: false,
    valueFormatter: (v) => (v ? 'Yes' : ''),
  },
  {
    field: 'status',
    headerName: 'Status',
    width: 95,
    renderCell: ({ row }) => <StatusChip status={row.status} />,
  },
  { field: 'handledBy', headerName: 'Handled by', flex: 0.8, minWidth: 120, valueFormatter: (v) => v ?? '' },
];

/** The inbox export: every filtered message, whatever columns the grid shows. */
export const messageCsvColumns: ExportColumn<MessageRow>[] = [
  { header: 'Date', value: (r) => r.createdAt },
  { header: 'Type', value: (r) => r.type },
  { header: 'Name', value: (r) => r.name },
  { header: 'Email', value: (r) => r.email },
  { header: 'Message', value: (r) => r.message },
  { header: 'Status', value: (r) => r.status },
  { header: 'Handled by', value: (r) => r.handledBy ?? '' },
];
