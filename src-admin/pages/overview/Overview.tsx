import { lazy, Suspense } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import LinearProgress from '@mui/material/LinearProgress';
import { Title } from 'react-admin';
import { ADMIN_KEYS, useAdminQuery } from '../../common/adminQueries';
import { StatCard, StatRow } from '../../common/StatCard';

const OverviewCharts = lazy(() => import('./OverviewCharts'));

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
      {data && (data.usersByPlan?.length || data.dailyUsage?.length) ? (
        <Suspense fallback={<LinearProgress aria-label="Loading charts" />}>
          <OverviewCharts usersByPlan={data.usersByPlan ?? []} dailyUsage={data.dailyUsage ?? []} />
        </Suspense>
      ) : null}
    </Box>
  );
}
