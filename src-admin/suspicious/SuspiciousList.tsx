import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import InsightsIcon from '@mui/icons-material/Insights';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import { Link } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import { List, TopToolbar, useBasename } from 'react-admin';
import type { SuspiciousStatistics, SuspiciousUser } from '../../src/contract/admin';
import { ADMIN_KEYS, useAdminProvider, useAdminQuery, useInvalidate } from '../common/adminQueries';
import { suspiciousFilters } from '../common/abuseFilters';
import { Banner } from '../common/Banner';
import { BulkRunButton } from '../common/BulkRunButton';
import { useTimedMessage } from '../common/useTimedMessage';
import { DataGridList } from '../grid/DataGridList';
import { ExportCsvButton } from '../csv/ExportCsvButton';
import { SuspiciousCards } from './SuspiciousCards';
import { SUSPICIOUS_HIDE_BELOW, suspiciousColumns } from './suspiciousColumns';
import { SUSPICIOUS_CSV_BASENAME, suspiciousCsvColumns } from './suspiciousCsv';

type Row = SuspiciousUser & { id: string };
/** Marking safe changes the flagged lists and the suspicious figures: all of them reload. */
const CHANGED = ['suspicious', 'flagged', 'users'];

function Thresholds({ t }: { t: SuspiciousStatistics['thresholds'] | undefined }) {
  if (!t) return null;
  return (
    <Alert severity="info" role="note" sx={{ mt: 2 }}>
      A user is listed as suspicious when, over the last 30 days, they used more than{' '}
      {t.TOKENS_30D.toLocaleString('en-US')} AI tokens, stored more than {t.STORAGE_GB} GB, or cost more than
      ${t.COST_DOLLAR.toFixed(2)}. Estimated cost is red above $1, orange above $0.50 and green otherwise.
    </Alert>
  );
}

function BulkMarkSafe() {
  const provider = useAdminProvider();
  return (
    <BulkRunButton
      label="Mark as Safe"
      icon={<VerifiedUserIcon />}
      confirm="Mark the selected users as safe? The abuse check will not flag them again for the same usage."
      run={(r) => provider.markSafe(r.id)}
      invalidates={CHANGED}
    />
  );
}

function SuspiciousBody() {
  const provider = useAdminProvider();
  const invalidate = useInvalidate();
  const [banner, showBanner] = useTimedMessage();
  // The cards are secondary: the rows never wait for them.
  const statistics = useAdminQuery(ADMIN_KEYS.suspiciousStatistics, 'suspiciousStatistics');
  const summary = useAdminQuery(ADMIN_KEYS.costSummary, 'costSummary');
  const markSafe = useMutation({
    mutationFn: (r: Row) => provider.markSafe(r.id),
    onSuccess: (_answer, r) => {
      showBanner(`${r.email} marked as safe`, 'success');
      void invalidate(...CHANGED);
    },
    onError: (err: Error) => showBanner(err.message),
  });
  const columns = useMemo(
    () => suspiciousColumns((r) => markSafe.mutate(r), markSafe.isPending),
    [markSafe.isPending], // eslint-disable-line react-hooks/exhaustive-deps -- mutate is stable
  );
  const loadError = summary.error ?? statistics.error;

  return (
    <>
      <Banner message={banner} />
      {loadError ? (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {loadError.message}
        </Alert>
      ) : null}
      <SuspiciousCards
        summary={summary.data}
        statistics={statistics.data}
        flaggedUsers={statistics.data?.flaggedUsers ?? 0}
      />
      <DataGridList
        columns={columns}
        storeKey="suspicious.grid"
        aria-label="Suspicious users"
        bulkActionButtons={<BulkMarkSafe />}
        hideBelow={SUSPICIOUS_HIDE_BELOW}
      />
      <Thresholds t={statistics.data?.thresholds} />
    </>
  );
}

export function SuspiciousList() {
  const basename = useBasename();
  return (
    <List
      title="Suspicious Users"
      filters={suspiciousFilters}
      actions={
        <TopToolbar>
          <ExportCsvButton columns={suspiciousCsvColumns} filename={SUSPICIOUS_CSV_BASENAME} />
          <Button size="small" startIcon={<InsightsIcon />} component={Link} to={`${basename}/cost-analysis`}>
            Cost analysis
          </Button>
        </TopToolbar>
      }
      sort={{ field: 'estimatedCost', order: 'DESC' }}
      pagination={false}
      exporter={false}
      empty={false}
    >
      <SuspiciousBody />
    </List>
  );
}
