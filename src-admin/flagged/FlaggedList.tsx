import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { List, TopToolbar, useListContext, useRefresh } from 'react-admin';
import type { AdminUser } from '../../src/contract/admin';
import { TIMINGS } from '../../src/config';
import { useAdminProvider } from '../common/useAdminProvider';
import { useLoad } from '../common/useLoad';
import { Banner } from '../common/Banner';
import { useTimedMessage } from '../common/useTimedMessage';
import { DataGridList } from '../grid/DataGridList';
import { ExportCsvButton, type ExportColumn } from '../csv/ExportCsvButton';
import { ADMIN_TEXT } from '../providers/adminMessages';
import { flaggedDate, flaggedReason } from './flaggedFormat';
import { storageUsedOfLimit } from '../common/usageFormat';
import { FlaggedStats } from './FlaggedStats';
import { FlagUserDialog } from './FlagUserDialog';
import { UserDetailsDialog } from '../common/userDetails/UserDetailsDialog';

type Row = AdminUser & { id: string };
const STORE_KEY = 'flagged.grid';

const csvColumns: ExportColumn<Row>[] = [
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

function FlaggedBody() {
  const provider = useAdminProvider();
  const refresh = useRefresh();
  const { data: rows } = useListContext();
  const stats = useLoad(() => provider.getAbuseStats());
  const [banner, showBanner] = useTimedMessage();
  const [checkInfo, setCheckInfo] = useState(false);
  const [flagOpen, setFlagOpen] = useState(false);
  const [details, setDetails] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const reloadAll = () => {
    refresh();
    void stats.reload();
  };
  const runCheck = async () => {
    try {
      await provider.runAbuseCheck();
      setCheckInfo(true);
      clearTimeout(timer.current);
      // docs/product.md#abuse-check: the list and stats refresh 30 seconds after the check starts.
      timer.current = setTimeout(() => {
        setCheckInfo(false);
        reloadAll();
      }, TIMINGS.abuseCheckRefreshMs);
    } catch (err) {
      showBanner((err as Error).message);
    }
  };

  const columns: GridColDef<Row>[] = [
    {
      field: 'email',
      headerName: 'User',
      flex: 1.4,
      minWidth: 200,
      renderCell: ({ row }) => (
        <div style={{ lineHeight: 1.3 }}>
          <div>{row.displayName || row.name}</div>
          <Typography variant="caption" color="text.secondary">
            {row.email}
          </Typography>
        </div>
      ),
    },
    // The server sorts flagged users by user, flagged date and storage only.
    { field: 'plan', headerName: 'Plan', width: 90, sortable: false },
    {
      field: 'lastFlaggedReason',
      headerName: 'Reason',
      flex: 1.5,
      minWidth: 200,
      sortable: false,
      valueGetter: (_v, r) => flaggedReason(r),
    },
    { field: 'flaggedAt', headerName: 'Flagged', width: 120, valueFormatter: (_v, r) => flaggedDate(r) },
    {
      field: 'storageUsed',
      headerName: 'Storage',
      width: 170,
      valueFormatter: (_v, r) => storageUsedOfLimit(r.storageUsed, r.storageLimit),
    },
    {
      field: 'actions',
      headerName: 'Actions',
      width: 130,
      sortable: false,
      hideable: false,
      renderCell: ({ row }) => (
        <Button size="small" onClick={() => setDetails(row.id)}>
          View Details
        </Button>
      ),
    },
  ];

  return (
    <>
      <Banner message={banner} />
      {stats.error ? (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {stats.error.message}
        </Alert>
      ) : null}
      {checkInfo ? (
        <Alert severity="info" role="status" sx={{ mb: 2 }}>
          {ADMIN_TEXT.abuseCheckStarted}
        </Alert>
      ) : null}
      <FlaggedStats stats={stats.data} />
      <div style={{ display: 'flex', gap: 8, marginBottom: 16 }}>
        <Button variant="contained" onClick={runCheck}>
          Run Abuse Check
        </Button>
        <Button variant="outlined" color="error" onClick={() => setFlagOpen(true)}>
          Flag User
        </Button>
      </div>
      <DataGridList
        columns={columns}
        storeKey={STORE_KEY}
        aria-label="Flagged users"
        empty={
          <Typography sx={{ p: 3 }} color="text.secondary">
            {rows ? ADMIN_TEXT.noFlagged : ''}
          </Typography>
        }
      />
      <FlagUserDialog open={flagOpen} onClose={() => setFlagOpen(false)} onFlagged={reloadAll} />
      <UserDetailsDialog userId={details} onClose={() => setDetails(null)} onChanged={reloadAll} />
    </>
  );
}

export function FlaggedList() {
  return (
    <List
      title="Flagged Users"
      resource="flagged"
      actions={
        <TopToolbar>
          <ExportCsvButton columns={csvColumns} filename="flagged-users" storeKey={STORE_KEY} />
        </TopToolbar>
      }
      sort={{ field: 'flaggedAt', order: 'DESC' }}
      pagination={false}
      exporter={false}
      empty={false}
    >
      <FlaggedBody />
    </List>
  );
}
