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
import type { TooltipContentProps, TooltipValueType } from 'recharts';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { AdminOverview } from '../../../src/contract/admin';
import { formatCost } from '../../../src/format';
import { CHART_HEIGHT, dailySeries, planStatusSeries, type DailyPoint } from './overviewSeries';

const compact = (v: number) =>
  new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }).format(v);

const COLOURS = ['#1976d2', '#2e7d32', '#ed6c02', '#9c27b0', '#d32f2f', '#607d8b'];
const [TOKENS, , COST] = COLOURS;
/** Today's dashed ends: no legend entry of their own (the caption under the chart says what they are). */
const SO_FAR = { strokeDasharray: '5 4', legendType: 'none' } as const;

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

/** A day's tokens and cost, and whether they are today's so far: one entry however many lines pass the day. */
function DailyTooltip({ active, payload }: TooltipContentProps<TooltipValueType, string | number>) {
  const point = payload?.[0]?.payload as DailyPoint | undefined;
  if (!active || !point) return null;
  const tokens = (point.today ? point.tokensSoFar : point.tokens) ?? 0;
  const cost = (point.today ? point.costSoFar : point.cost) ?? 0;
  return (
    <Paper variant="outlined" sx={{ px: 1.5, py: 1 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {point.today ? `${point.day} (today, so far)` : point.day}
      </Typography>
      <Typography variant="body2">Tokens: {tokens.toLocaleString('en-US')}</Typography>
      <Typography variant="body2">Cost: {formatCost(cost)}</Typography>
    </Paper>
  );
}

/**
 * Tokens and AI cost per day over the last 30 days, on two axes. Today is still under way, so its figures are
 * drawn on dashed ends of the lines rather than as a drop (overviewSeries.dailySeries).
 */
export function DailyUsageChart({ dailyUsage }: { dailyUsage: NonNullable<AdminOverview['dailyUsage']> }) {
  const data = dailySeries(dailyUsage, new Date().toISOString().slice(0, 10));
  const line = { isAnimationActive: false, type: 'monotone', dot: false } as const;
  return (
    <>
      <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
        <LineChart data={data}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="day" tickFormatter={(d: string) => d.slice(5)} />
          <YAxis yAxisId="tokens" tickFormatter={compact} />
          <YAxis yAxisId="cost" orientation="right" tickFormatter={(v: number) => `$${v.toFixed(2)}`} />
          <Tooltip content={DailyTooltip} />
          <Legend />
          <Line {...line} yAxisId="tokens" dataKey="tokens" name="Tokens" stroke={TOKENS} />
          <Line {...line} yAxisId="cost" dataKey="cost" name="Cost ($)" stroke={COST} />
          <Line {...line} {...SO_FAR} yAxisId="tokens" dataKey="tokensSoFar" stroke={TOKENS} />
          <Line {...line} {...SO_FAR} yAxisId="cost" dataKey="costSoFar" stroke={COST} />
        </LineChart>
      </ResponsiveContainer>
      {data.at(-1)?.today ? (
        <Typography variant="caption" color="text.secondary" component="p">
          Today is still under way: the dashed ends of the lines are its figures so far.
        </Typography>
      ) : null}
    </>
  );
}
