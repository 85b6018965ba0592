import { useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import RefreshIcon from '@mui/icons-material/Refresh';
import InsightsIcon from '@mui/icons-material/Insights';
import { Link } from 'react-router-dom';
import { List, TopToolbar, useBasename, useListContext, useRefresh } from 'react-admin';
import type { SuspiciousStatistics, SuspiciousUser } from '../../src/contract/admin';
import { useAdminProvider } from '../common/useAdminProvider';
import { useLoad } from '../common/useLoad';
import { Banner } from '../common/Banner';
import { useTimedMessage, type TimedMessage } from '../common/useTimedMessage';
import { DataGridList } from '../grid/DataGridList';
import { ExportCsvButton } from '../csv/ExportCsvButton';
import { SuspiciousCards } from './SuspiciousCards';
import { suspiciousColumns } from './suspiciousColumns';
import { SUSPICIOUS_CSV_BASENAME, suspiciousCsvColumns } from './suspiciousCsv';

type Row = SuspiciousUser & { id: string };
type ShowBanner = (text: string, severity?: TimedMessage['severity']) => void;

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

function SuspiciousBody({ showBanner, onRefresh }: { showBanner: ShowBanner; onRefresh: number }) {
  const provider = useAdminProvider();
  const { meta } = useListContext<Row>();
  const statistics = (meta as { statistics?: SuspiciousStatistics } | undefined)?.statistics;
  const summary = useLoad(() => provider.getCostSummary());
  const [safe, setSafe] = useState<Set<string>>(new Set());

  useEffect(() => {
    if (summary.error) showBanner(summary.error.message);
  }, [summary.error, showBanner]);
  useEffect(() => {
    // Fresh statistics from the server already count the users marked safe.
    setSafe(new Set());
  }, [statistics]);
  useEffect(() => {
    if (onRefresh) void summary.reload();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [onRefresh]);

  const columns = useMemo(
    () =>
      suspiciousColumns(
        (r) => r.flaggedForAbuse && !safe.has(r.id),
        async (r) => {
          try {
            await provider.markSafe(r.id);
            setSafe((s) => new Set(s).add(r.id));
            showBanner(`${r.email} marked as safe`, 'success');
          } catch (err) {
            showBanner((err as Error).message);
          }
        },
      ),
    [safe, provider, showBanner],
  );

  return (
    <>
      <SuspiciousCards
        summary={summary.data}
        statistics={statistics}
        flaggedUsers={Math.max(0, (statistics?.flaggedUsers ?? 0) - safe.size)}
      />
      <DataGridList columns={columns} storeKey="suspicious.grid" aria-label="Suspicious users" />
      <Thresholds t={statistics?.thresholds} />
    </>
  );
}

export function SuspiciousList() {
  const [banner, showBanner] = useTimedMessage();
  const [refreshes, setRefreshes] = useState(0);
  const refresh = useRefresh();
  const basename = useBasename();
  return (
    <>
      <Banner message={banner} />
      <List
        title="Suspicious Users"
        actions={
          <TopToolbar>
            <Button
              size="small"
              startIcon={<RefreshIcon />}
              onClick={() => {
                refresh();
                setRefreshes((n) => n + 1);
              }}
            >
              Refresh
            </Button>
            <ExportCsvButton columns={suspiciousCsvColumns} filename={SUSPICIOUS_CSV_BASENAME} />
            <Button
              size="small"
              startIcon={<InsightsIcon />}
              component={Link}
              to={`${basename}/cost-analysis`}
            >
              Cost analysis
            </Button>
          </TopToolbar>
        }
        sort={{ field: 'estimatedCost', order: 'DESC' }}
        pagination={false}
        exporter={false}
        empty={false}
        queryOptions={{ onError: (err: Error) => showBanner(err.message) }}
      >
        <SuspiciousBody showBanner={showBanner} onRefresh={refreshes} />
      </List>
    </>
  );
}
