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
import { CHART_HEIGHT, planStatusSeries } from './overviewSeries';

const compact = (v: number) =>
  new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }).format(v);

const COLOURS = ['#1976d2', '#2e7d32', '#ed6c02', '#9c27b0', '#d32f2f', '#607d8b'];

/** Users by plan, stacked by subscription status. */
export function PlanStatusChart({ usersByPlan }: { usersByPlan: NonNullable<AdminOverview['usersByPlan']> }) {
  const { plans, statuses } = planStatusSeries(usersByPlan);
  return (
    <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
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
  );
}

/** Tokens and AI cost per day over the last 30 days, on two axes. */
export function DailyUsageChart({ dailyUsage }: { dailyUsage: NonNullable<AdminOverview['dailyUsage']> }) {
  return (
    <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
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
  );
}
