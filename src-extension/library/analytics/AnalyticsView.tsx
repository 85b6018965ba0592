import {
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { LibraryStats } from '../../shared/messages';
import { platformLabel } from '../ui/PlatformIcon';
import { AiSummary } from './AiSummary';
import type { AskWorker } from '../../shared/askWorker';

interface AnalyticsViewProps {
  stats: LibraryStats;
  pro: boolean;
  ask: AskWorker;
  query: string;
}

const shortWeek = (weekStart: string) =>
  new Date(`${weekStart}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** One chart with its heading; the figures are also a list for screen readers (a chart is a picture). */
function ChartCard({ title, rows, children }: { title: string; rows: string[]; children: React.ReactNode }) {
  const id = `chart-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section className="lib-chart" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <div className="lib-chart__plot" aria-hidden="true">
        <ResponsiveContainer width="100%" height={220}>
          {children as React.ReactElement}
        </ResponsiveContainer>
      </div>
      <ul className="lib-sr">
        {rows.map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Content Analytics on the same search and filters as the feed: saves per week over the last 12 weeks, by
 * platform, top tags and top authors (recharts, loaded only when this view opens); Pro gets the AI's summary.
 */
export default function AnalyticsView({ stats, pro, ask, query }: AnalyticsViewProps) {
  const weekly = stats.weekly.map((w) => ({ week: shortWeek(w.weekStart), saves: w.count }));
  const platforms = stats.platforms.map((p) => ({ name: platformLabel(p.value), saves: p.count }));
  const axis = { fontSize: 12, fill: 'var(--pk-muted)' };
  const bar = (data: { name: string; saves: number }[], vertical = false) => (
    <BarChart
      accessibilityLayer={false}
      data={data}
      layout={vertical ? 'vertical' : 'horizontal'}
      margin={{ left: vertical ? 24 : 0 }}
    >
      <CartesianGrid stroke="var(--pk-line)" strokeDasharray="3 3" />
      {vertical ? (
        <>
          <XAxis type="number" allowDecimals={false} tick={axis} />
          <YAxis type="category" dataKey="name" width={120} tick={axis} interval={0} />
        </>
      ) : (
        <>
          <XAxis dataKey="name" tick={axis} />
          <YAxis allowDecimals={false} tick={axis} />
        </>
      )}
      <Tooltip />
      <Bar dataKey="saves" fill="var(--pk-brand)" radius={4} isAnimationActive={false} />
    </BarChart>
  );
  return (
    <div className="lib-analytics">
      {pro && <AiSummary ask={ask} query={query} />}
      <div className="lib-analytics__grid">
        <ChartCard
          title="Saves per week"
          rows={stats.weekly.map((w) => `Week of ${w.weekStart}: ${w.count}`)}
        >
          <LineChart accessibilityLayer={false} data={weekly}>
            <CartesianGrid stroke="var(--pk-line)" strokeDasharray="3 3" />
            <XAxis dataKey="week" tick={axis} />
            <YAxis allowDecimals={false} tick={axis} />
            <Tooltip />
            <Line dataKey="saves" stroke="var(--pk-brand)" strokeWidth={2} isAnimationActive={false} />
          </LineChart>
        </ChartCard>
        <ChartCard title="Saves by platform" rows={platforms.map((p) => `${p.name}: ${p.saves}`)}>
          {bar(platforms)}
        </ChartCard>
        <ChartCard title="Top tags" rows={stats.tags.map((t) => `${t.value}: ${t.count}`)}>
          {bar(
            stats.tags.map((t) => ({ name: t.value, saves: t.count })),
            true,
          )}
        </ChartCard>
        <ChartCard title="Top authors" rows={stats.authors.map((a) => `${a.value}: ${a.count}`)}>
          {bar(
            stats.authors.map((a) => ({ name: a.value, saves: a.count })),
            true,
          )}
        </ChartCard>
      </div>
    </div>
  );
}
