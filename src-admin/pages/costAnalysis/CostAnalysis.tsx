import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { Title, useGetList } from 'react-admin';
import type { CostSummary, SuspiciousUser } from '../../../src/contract/admin';
import { formatCost } from '../../../src/format';
import { ADMIN_KEYS, useAdminQuery } from '../../common/adminQueries';
import { ChartCard, StatCard, StatRow } from '../../common/StatCard';

/** An optional breakdown the server may add to the summary: cost per provider and model. */
interface ModelCost {
  provider: string;
  model: string | null;
  tokens: number;
  cost: number;
}
type SummaryWithModels = CostSummary & { byModel?: ModelCost[] };

const TOP = 20;

/** The cost analysis page: AI against storage, the 20 costliest users, and cost by provider and model. */
export default function CostAnalysis() {
  const summary = useAdminQuery(ADMIN_KEYS.costSummary, 'costSummary');
  const top = useGetList<SuspiciousUser & { id: string }>('suspicious', {
    pagination: { page: 1, perPage: TOP },
    sort: { field: 'estimatedCost', order: 'DESC' },
    filter: {},
  });
  const s = summary.data as SummaryWithModels | undefined;
  const split = s
    ? [
        { name: 'AI', value: s.tokens.cost },
        { name: 'Storage', value: s.storage.cost },
      ]
    : [];
  const byModel = (s?.byModel ?? []).map((m) => ({
    name: `${m.provider} / ${m.model ?? 'default'}`,
    cost: m.cost,
  }));
  const users = (top.data ?? []).map((u) => ({ name: u.email, cost: u.estimatedCost }));

  return (
    <Box sx={{ p: { xs: 1, md: 2 } }}>
      <Title title="Cost analysis" />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        Cost analysis
      </Typography>
      {summary.error || top.error ? (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {(summary.error ?? top.error)?.message}
        </Alert>
      ) : null}
      <StatRow>
        <StatCard label="AI Cost (30d)" value={formatCost(s?.tokens.cost)} />
        <StatCard label="Storage Cost (30d)" value={formatCost(s?.storage.cost)} />
        <StatCard label="Total Estimated Cost" value={formatCost(s?.total.estimatedCost)} />
      </StatRow>
      {/* Two charts a row from about 900 px, one on a phone; the top users' chart takes a row of its own. */}
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fit, minmax(min(420px, 100%), 1fr))',
          gap: 16,
        }}
      >
        <ChartCard title="AI against storage cost">
          <ResponsiveContainer width="100%" height={260}>
            <PieChart>
              <Pie
                isAnimationActive={false}
                data={split}
                dataKey="value"
                nameKey="name"
                outerRadius={75}
                label={({ value }) => formatCost(Number(value))}
                startAngle={90}
                endAngle={-270}
              >
                <Cell fill="#1976d2" />
                <Cell fill="#2e7d32" />
              </Pie>
              <Tooltip formatter={(v) => formatCost(Number(v))} />
              <Legend />
            </PieChart>
          </ResponsiveContainer>
        </ChartCard>
        <ChartCard title="Cost by provider and model">
          {byModel.length ? (
            // Bars across, one row a model, so that every model's name shows however many there are (side by
            // side, the axis left every other name out).
            <ResponsiveContainer width="100%" height={Math.max(200, byModel.length * 36 + 40)}>
              <BarChart data={byModel} layout="vertical" margin={{ right: 16 }}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis type="number" tickFormatter={(v: number) => `$${v.toFixed(2)}`} />
                <YAxis type="category" dataKey="name" width={220} interval={0} />
                <Tooltip formatter={(v) => formatCost(Number(v))} />
                <Bar isAnimationActive={false} dataKey="cost" name="Cost" fill="#ed6c02" />
              </BarChart>
            </ResponsiveContainer>
          ) : (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
              The server sends no breakdown by provider and model.
            </Typography>
          )}
        </ChartCard>
        <ChartCard title={`Top ${TOP} users by estimated cost`} sx={{ gridColumn: '1 / -1' }}>
          <ResponsiveContainer width="100%" height={Math.max(200, users.length * 26)}>
            <BarChart data={users} layout="vertical" margin={{ left: 24 }}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis type="number" tickFormatter={(v: number) => `$${v.toFixed(2)}`} />
              <YAxis type="category" dataKey="name" width={220} interval={0} />
              <Tooltip formatter={(v) => formatCost(Number(v))} />
              <Bar isAnimationActive={false} dataKey="cost" fill="#d32f2f" />
            </BarChart>
          </ResponsiveContainer>
        </ChartCard>
      </div>
    </Box>
  );
}
