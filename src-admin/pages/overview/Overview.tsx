import { lazy, Suspense } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import LinearProgress from '@mui/material/LinearProgress';
import { Title } from 'react-admin';
import { ADMIN_KEYS, useAdminQuery } from '../../common/adminQueries';
import { ChartCard, StatCard, StatRow } from '../../common/StatCard';

// The charts' library is the page's largest download: each chart's card and title show at once, its body when
// the library has come (docs/PERFORMANCE.md#first-rows).
const charts = () => import('./OverviewCharts');
const PlanStatusChart = lazy(() => charts().then((m) => ({ default: m.PlanStatusChart })));
const DailyUsageChart = lazy(() => charts().then((m) => ({ default: m.DailyUsageChart })));

/** The room a chart takes (with its legend), kept while its code or data is on its way. */
const chartRoom = <Box sx={{ height: 260 }} aria-busy="true" />;

const n = (v: number | undefined) => (v ?? 0).toLocaleString('en-US');

/** Overview: the four cards, then the charts (loaded lazily). */
export default function Overview() {
  const { data, error, isPending } = useAdminQuery(ADMIN_KEYS.overview, 'overview');
  return (
    <Box sx={{ p: { xs: 1, md: 2 } }}>
      <Title title="Overview" />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        Overview
      </Typography>
      {error ? (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {error.message}
        </Alert>
      ) : null}
      {isPending ? <LinearProgress sx={{ mb: 2 }} aria-label="Loading overview" /> : null}
      <StatRow>
        <StatCard label="Total Users" value={n(data?.totalUsers)} />
        <StatCard label="Active Today" value={n(data?.activeUsersToday)} />
        <StatCard label="Total Tokens (30d)" value={n(data?.totalTokenUsage)} />
        <StatCard label="Total Storage" value={`${(data?.totalStorageUsedGB ?? 0).toFixed(2)} GB`} />
      </StatRow>
      {isPending || data?.usersByPlan?.length || data?.dailyUsage?.length ? (
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fit, minmax(min(360px, 100%), 1fr))',
            gap: 2,
          }}
        >
          <ChartCard title="Users by plan and status">
            <Suspense fallback={chartRoom}>
              {data ? <PlanStatusChart usersByPlan={data.usersByPlan ?? []} /> : chartRoom}
            </Suspense>
          </ChartCard>
          <ChartCard title="Tokens and cost by day (30 days)">
            <Suspense fallback={chartRoom}>
              {data ? <DailyUsageChart dailyUsage={data.dailyUsage ?? []} /> : chartRoom}
            </Suspense>
          </ChartCard>
        </Box>
      ) : null}
    </Box>
  );
}
