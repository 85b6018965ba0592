import { lazy, Suspense, useRef, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import LinearProgress from '@mui/material/LinearProgress';
import { Title } from 'react-admin';
import { ADMIN_KEYS, useAdminQuery } from '../../common/adminQueries';
import { ChartCard, StatCard, StatRow } from '../../common/StatCard';
import { useOnScreen } from '../../common/useOnScreen';
import { CHART_HEIGHT } from './overviewSeries';

// The charts' library is the page's largest download and a chart its longest render: each chart's card and title
// show at once, its body once it is on screen and the library has come (docs/PERFORMANCE.md#first-rows).
const charts = () => import('./OverviewCharts');
const PlanStatusChart = lazy(() => charts().then((m) => ({ default: m.PlanStatusChart })));
const DailyUsageChart = lazy(() => charts().then((m) => ({ default: m.DailyUsageChart })));

/** The room a chart takes (with its legend), kept while its code or data is on its way. */
const chartRoom = <Box sx={{ height: CHART_HEIGHT }} aria-busy="true" />;

/** A chart's place in its card: `chart` (null while its figures load) draws once a quarter of it is on screen. */
function ChartSlot({ chart }: { chart: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const onScreen = useOnScreen(ref);
  return (
    <div ref={ref}>{onScreen && chart ? <Suspense fallback={chartRoom}>{chart}</Suspense> : chartRoom}</div>
  );
}

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
      {isPending || data?.usersByPlan?.length || data?.dailyUsage?.some((d) => d.tokens || d.cost) ? (
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fit, minmax(min(360px, 100%), 1fr))',
            gap: 2,
          }}
        >
          <ChartCard title="Users by plan and status">
            <ChartSlot chart={data ? <PlanStatusChart usersByPlan={data.usersByPlan ?? []} /> : null} />
          </ChartCard>
          <ChartCard title="Tokens and cost by day (30 days)">
            <ChartSlot chart={data ? <DailyUsageChart dailyUsage={data.dailyUsage ?? []} /> : null} />
          </ChartCard>
        </Box>
      ) : null}
    </Box>
  );
}
