import type { GridColDef } from '@mui/x-data-grid';
import type { AuditEntry } from '../../src/contract/audit';
import { formatDateTime } from '../../src/format';
import type { ExportColumn } from '../csv/ExportCsvButton';
import { AuditTargetLink } from './AuditTargetLink';

export type AuditRow = AuditEntry & { id: number };

const changes = (v: Record<string, unknown> | null) => (v ? JSON.stringify(v) : '');

export const auditColumns: GridColDef<AuditRow>[] = [
  { field: 'at', headerName: 'Date', width: 170, valueFormatter: (v) => formatDateTime(v) },
  { field: 'actor', headerName: 'Actor', flex: 0.8, minWidth: 170 },
  { field: 'action', headerName: 'Action', width: 160 },
  { field: 'summary', headerName: 'Summary', flex: 2, minWidth: 260, sortable: false },
  {
    field: 'target',
    headerName: 'Target',
    width: 150,
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
