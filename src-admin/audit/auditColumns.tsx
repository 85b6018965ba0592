import type { GridColDef } from '@mui/x-data-grid';
import type { AuditEntry } from '../../src/contract/audit';
import { formatDateTime } from '../../src/format';
import type { ExportColumn } from '../csv/ExportCsvButton';
import { AuditTargetLink } from './AuditTargetLink';

export type AuditRow = AuditEntry & { id: number };

const changes = (v: Record<string, unknown> | null) => (v ? JSON.stringify(v) : '');

export const auditColumns: GridColDef<AuditRow>[] = [
  { field: 'at', headerName: 'Date', width: 175, valueFormatter: (v) => formatDateTime(v) },
  { field: 'actor', headerName: 'Actor', flex: 0.7, minWidth: 180 },
  { field: 'action', headerName: 'Action', width: 150 },
  {
    field: 'summary',
    headerName: 'Summary',
    flex: 2,
    minWidth: 240,
    sortable: false,
    // A long sentence is cut to the cell; the whole of it shows on hover.
    renderCell: ({ row }) => (
      <span title={row.summary} style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {row.summary}
      </span>
    ),
  },
  {
    field: 'target',
    headerName: 'Target',
    width: 120,
    sortable: false,
    renderCell: ({ row }) => <AuditTargetLink entry={row} />,
  },
];

/** The audit export: each entry with its target and the changed fields before and after, as JSON. */
export const auditCsvColumns: ExportColumn<AuditRow>[] = [
  { header: 'Date', value: (r) => r.at },
  { header: 'Actor', value: (r) => r.actor },
  { header: 'Action', value: (r) => r.action },
  { header: 'Target type', value: (r) => r.targetType },
  { header: 'Target id', value: (r) => r.targetId ?? '' },
  { header: 'Summary', value: (r) => r.summary },
  { header: 'Before', value: (r) => changes(r.before) },
  { header: 'After', value: (r) => changes(r.after) },
];
