import type { GridColDef } from '@mui/x-data-grid';
import type { AdminUser } from '../../src/contract/admin';
import { bytesToMB, formatDate, formatStorage } from '../../src/format';
import { actionsColumn, planColumn } from '../common/columns';
import type { ExportColumn } from '../csv/ExportCsvButton';
import { AdsToggle, UserRowActions } from './UserRowActions';

type Row = AdminUser & { id: string };

const tokens = (n: number | undefined) => (typeof n === 'number' ? n.toLocaleString('en-US') : '—');

/** Least important first: what goes when the window narrows (the columns menu brings any back). */
export const USER_HIDE_BELOW = { subscriptionStatus: 1366, createdAt: 1280, tokens30d: 1180, name: 1100 };

/** The Users columns, in the spec's order. Storage reads in MB, or GB from 1 GB: the header names no unit. */
export const userColumns: GridColDef<Row>[] = [
  { field: 'email', headerName: 'Email', flex: 1.4, minWidth: 140 },
  {
    field: 'name',
    headerName: 'Name',
    flex: 1,
    minWidth: 100,
    valueGetter: (_v, r) => r.name || r.displayName,
  },
  planColumn,
  { field: 'subscriptionStatus', headerName: 'Subscription', width: 110, valueFormatter: (v) => v ?? '—' },
  {
    field: 'tokens30d',
    headerName: 'Tokens (30d)',
    width: 110,
    type: 'number',
    valueFormatter: (v) => tokens(v),
  },
  {
    field: 'storageUsed',
    headerName: 'Storage',
    width: 95,
    type: 'number',
    valueFormatter: (v) => formatStorage(v),
  },
  {
    field: 'adsDisabled',
    headerName: 'Ads',
    width: 130,
    sortable: false,
    renderCell: ({ row }) => <AdsToggle row={row} />,
  },
  { field: 'createdAt', headerName: 'Created', width: 110, valueFormatter: (v) => formatDate(v) },
  actionsColumn(340, (row) => <UserRowActions row={row} />),
];

export const userCsvColumns: ExportColumn<Row>[] = [
  { field: 'email', header: 'Email', value: (r) => r.email },
  { field: 'name', header: 'Name', value: (r) => r.name || r.displayName },
  { field: 'plan', header: 'Plan', value: (r) => r.plan },
  { field: 'subscriptionStatus', header: 'Subscription', value: (r) => r.subscriptionStatus ?? '' },
  { field: 'tokens30d', header: 'Tokens (30d)', value: (r) => r.tokens30d ?? '' },
  { field: 'storageUsed', header: 'Storage (MB)', value: (r) => bytesToMB(r.storageUsed) },
  { field: 'adsDisabled', header: 'Ads', value: (r) => (r.adsDisabled ? 'Disabled' : 'Enabled') },
  { field: 'createdAt', header: 'Created', value: (r) => r.createdAt },
];
