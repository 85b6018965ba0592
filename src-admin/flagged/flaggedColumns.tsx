import Button from '@mui/material/Button';
import type { GridColDef } from '@mui/x-data-grid';
import type { AdminUser } from '../../src/contract/admin';
import { flaggedDate, flaggedReason } from './flaggedFormat';
import { actionsColumn, planColumn, userColumn } from '../common/columns';
import { storageUsedOfLimit } from '../common/usageFormat';
import { useOpenUserDetails } from '../common/userDetails/openUserDetails';

export type FlaggedRow = AdminUser & { id: string };

/** Least important first: what goes when the window narrows. */
export const FLAGGED_HIDE_BELOW = { plan: 1100 };

function ViewDetails({ userId }: { userId: string }) {
  const open = useOpenUserDetails();
  return (
    <Button size="small" onClick={() => open?.(userId)}>
      View Details
    </Button>
  );
}

/** The flagged users' columns; every one the server sorts shows an arrow. */
export const flaggedColumns: GridColDef<FlaggedRow>[] = [
  userColumn(),
  planColumn,
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
  actionsColumn(140, (row) => <ViewDetails userId={row.id} />),
];
