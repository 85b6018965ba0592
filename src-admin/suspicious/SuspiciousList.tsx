import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import InsightsIcon from '@mui/icons-material/Insights';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import { Link } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import { useBasename } from 'react-admin';
import type { SuspiciousStatistics, SuspiciousUser } from '../../src/contract/admin';
import { ADMIN_KEYS, useAdminProvider, useAdminQuery, useInvalidate } from '../common/adminQueries';
import { suspiciousFilters } from '../common/abuseFilters';
import { Banner, LoadError } from '../common/Banner';
import { BulkActions, type BulkAction } from '../common/BulkActions';
import { ConsoleList } from '../common/ConsoleList';
import { useTimedMessage } from '../common/useTimedMessage';
import { DataGridList } from '../grid/DataGridList';
import { SuspiciousCards } from './SuspiciousCards';
import { MarkSafe, SUSPICIOUS_HIDE_BELOW, suspiciousColumns } from './suspiciousColumns';
import { SUSPICIOUS_CSV_BASENAME, suspiciousCsvColumns } from './suspiciousCsv';
import { suspiciousFirstPage } from './suspiciousData';

type Row = SuspiciousUser & { id: string };
/** Marking safe changes the flagged lists and the suspicious figures: all of them reload. */
const CHANGED = ['suspicious', 'flagged', 'users'];

const bulkActions: BulkAction[] = [
  {
    label: 'Mark as Safe',
    icon: <VerifiedUserIcon />,
    confirm: 'Mark the selected users as safe? The abuse check will not flag them again for the same usage.',
    run: (provider) => (r) => provider.markSafe(r.id),
    invalidates: CHANGED,
  },
];

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

  return (
    <MarkSafe.Provider value={{ markSafe: markSafe.mutate, busy: markSafe.isPending }}>
      <Banner message={banner} />
      <LoadError error={summary.error ?? statistics.error} />
      <SuspiciousCards
        summary={summary.data}
        statistics={statistics.data}
        flaggedUsers={statistics.data?.flaggedUsers ?? 0}
      />
      <DataGridList
        columns={suspiciousColumns}
        storeKey="suspicious.grid"
        aria-label="Suspicious users"
        bulkActionButtons={<BulkActions actions={bulkActions} />}
        hideBelow={SUSPICIOUS_HIDE_BELOW}
      />
      <Thresholds t={statistics.data?.thresholds} />
    </MarkSafe.Provider>
  );
}

export function SuspiciousList() {
  const basename = useBasename();
  return (
    <ConsoleList
      title="Suspicious Users"
      filters={suspiciousFilters}
      csv={{ columns: suspiciousCsvColumns, filename: SUSPICIOUS_CSV_BASENAME }}
      actions={
        <Button size="small" startIcon={<InsightsIcon />} component={Link} to={`${basename}/cost-analysis`}>
          Cost analysis
        </Button>
      }
      {...suspiciousFirstPage}
    >
      <SuspiciousBody />
    </ConsoleList>
  );
}
