import { ChartCard } from '../../common/StatCard';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { AdminOverview } from '../../../src/contract/admin';
import { planStatusSeries } from './overviewSeries';

type Props = {
  usersByPlan: NonNullable<AdminOverview['usersByPlan']>;
  dailyUsage: NonNullable<AdminOverview['dailyUsage']>;
};

const compact = (v: number) =>
  new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }).format(v);

const COLOURS = ['#1976d2', '#2e7d32', '#ed6c02', '#9c27b0', '#d32f2f', '#607d8b'];

export default function OverviewCharts({ usersByPlan, dailyUsage }: Props) {
  const { plans, statuses } = planStatusSeries(usersByPlan);
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(360px, 1fr))', gap: 16 }}>
      <ChartCard title="Users by plan and status">
        <ResponsiveContainer width="100%" height={260}>
          <BarChart data={plans}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="plan" />
            <YAxis allowDecimals={false} tickFormatter={compact} />
            <Tooltip />
            <Legend />
            {statuses.map((s, i) => (
              <Bar
                isAnimationActive={false}
                key={s}
                dataKey={s}
                stackId="status"
                fill={COLOURS[i % COLOURS.length]}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>
      <ChartCard title="Tokens and cost by day (30 days)">
        <ResponsiveContainer width="100%" height={260}>
          <LineChart data={dailyUsage}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="day" tickFormatter={(d: string) => d.slice(5)} />
            <YAxis yAxisId="tokens" tickFormatter={compact} />
            <YAxis yAxisId="cost" orientation="right" tickFormatter={(v: number) => `$${v.toFixed(2)}`} />
            <Tooltip />
            <Legend />
            <Line
              isAnimationActive={false}
              yAxisId="tokens"
              type="monotone"
              dataKey="tokens"
              name="Tokens"
              stroke="#1976d2"
              dot={false}
            />
            <Line
              isAnimationActive={false}
              yAxisId="cost"
              type="monotone"
              dataKey="cost"
              name="Cost ($)"
              stroke="#ed6c02"
              dot={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </ChartCard>
    </div>
  );
}
