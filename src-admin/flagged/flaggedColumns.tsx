import Button from '@mui/material/Button';
import type { GridColDef } from '@mui/x-data-grid';
import type { AdminUser } from '../../src/contract/admin';
import { flaggedDate, flaggedReason } from './flaggedFormat';
import { userColumn } from '../common/userColumn';
import { storageUsedOfLimit } from '../common/usageFormat';

export type FlaggedRow = AdminUser & { id: string };

/** Least important first: what goes when the window narrows. */
export const FLAGGED_HIDE_BELOW = { plan: 1100 };

/** The flagged users' columns; every one the server sorts shows an arrow. */
export function flaggedColumns(showDetails: (id: string) => void): GridColDef<FlaggedRow>[] {
  return [
    userColumn(),
    { field: 'plan', headerName: 'Plan', width: 80 },
    {
      field: 'lastFlaggedReason',
      headerName: 'Reason',
      flex: 1.5,
      minWidth: 160,
      valueGetter: (_v, r) => flaggedReason(r),
    },
    { field: 'flaggedAt', headerName: 'Flagged', width: 110, valueFormatter: (_v, r) => flaggedDate(r) },
    {
      field: 'storageUsed',
      headerName: 'Storage',
      width: 150,
      valueFormatter: (_v, r) => storageUsedOfLimit(r.storageUsed, r.storageLimit),
    },
    {
      field: 'actions',
      headerName: 'Actions',
      width: 120,
      sortable: false,
      hideable: false,
      renderCell: ({ row }) => (
        <Button size="small" onClick={() => showDetails(row.id)}>
          View Details
        </Button>
      ),
    },
  ];
}
