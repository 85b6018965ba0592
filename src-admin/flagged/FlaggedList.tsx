import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import OutlinedFlagIcon from '@mui/icons-material/OutlinedFlag';
import { useListContext } from 'react-admin';
import { ADMIN_KEYS, useAdminQuery, useInvalidate } from '../common/adminQueries';
import { flaggedFilters } from '../common/abuseFilters';
import { Banner, LoadError } from '../common/Banner';
import { BulkActions, type BulkAction } from '../common/BulkActions';
import { ConsoleList } from '../common/ConsoleList';
import { useTimedMessage } from '../common/useTimedMessage';
import { DataGridList } from '../grid/DataGridList';
import type { ExportColumn } from '../csv/ExportCsvButton';
import { ADMIN_TEXT } from '../providers/adminMessages';
import { FLAGGED_HIDE_BELOW, flaggedColumns, type FlaggedRow } from './flaggedColumns';
import { flaggedReason } from './flaggedFormat';
import { storageUsedOfLimit } from '../common/usageFormat';
import { FlaggedStats } from './FlaggedStats';
import { FlagUserDialog } from '../common/userDetails/FlagUserDialog';
import { WithUserDetails } from '../common/userDetails/openUserDetails';
import { useAbuseCheck } from './useAbuseCheck';
import { flaggedFirstPage } from './flaggedData';

const STORE_KEY = 'flagged.grid';

const csvColumns: ExportColumn<FlaggedRow>[] = [
  { field: 'email', header: 'User', value: (r) => r.email },
  { field: 'plan', header: 'Plan', value: (r) => r.plan },
  { field: 'lastFlaggedReason', header: 'Reason', value: (r) => flaggedReason(r) },
  { field: 'flaggedAt', header: 'Flagged', value: (r) => r.flaggedAt ?? 'Unknown' },
  {
    field: 'storageUsed',
    header: 'Storage',
    value: (r) => storageUsedOfLimit(r.storageUsed, r.storageLimit),
  },
];

const bulkActions: BulkAction[] = [
  {
    label: 'Unflag',
    icon: <OutlinedFlagIcon />,
    confirm: 'Clear the abuse flag of the selected users?',
    run: (provider) => (r) => provider.unflag(r.id),
    invalidates: ['suspicious', 'users'],
  },
];

function FlaggedBody() {
  const { data: rows } = useListContext();
  const stats = useAdminQuery(ADMIN_KEYS.abuseStats, 'abuseStats');
  const invalidate = useInvalidate();
  const [banner, showBanner] = useTimedMessage();
  const check = useAbuseCheck(showBanner);
  const [flagOpen, setFlagOpen] = useState(false);
  const changed = () => void invalidate('flagged', 'suspicious', 'users');

  return (
    <WithUserDetails onChanged={changed}>
      <Banner message={banner} />
      <LoadError error={stats.error} />
      {check.info ? (
        <Alert severity="info" role="status" sx={{ mb: 2 }}>
          {check.info}
        </Alert>
      ) : null}
      <FlaggedStats stats={stats.data} />
      <div style={{ display: 'flex', gap: 8, marginBottom: 16 }}>
        <Button variant="contained" onClick={check.run} disabled={check.isPending}>
          Run Abuse Check
        </Button>
        <Button variant="outlined" color="error" onClick={() => setFlagOpen(true)}>
          Flag User
        </Button>
      </div>
      <DataGridList
        columns={flaggedColumns}
        storeKey={STORE_KEY}
        aria-label="Flagged users"
        bulkActionButtons={<BulkActions actions={bulkActions} />}
        hideBelow={FLAGGED_HIDE_BELOW}
        empty={
          <Typography sx={{ p: 3 }} color="text.secondary">
            {rows ? ADMIN_TEXT.noFlagged : ''}
          </Typography>
        }
      />
      <FlagUserDialog open={flagOpen} onClose={() => setFlagOpen(false)} onFlagged={changed} />
    </WithUserDetails>
  );
}

export function FlaggedList() {
  return (
    <ConsoleList
      title="Flagged Users"
      resource="flagged"
      filters={flaggedFilters}
      csv={{ columns: csvColumns, filename: 'flagged-users', storeKey: STORE_KEY }}
      {...flaggedFirstPage}
    >
      <FlaggedBody />
    </ConsoleList>
  );
}
