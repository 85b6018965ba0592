import type { CostSummary, SuspiciousStatistics } from '../../src/contract/admin';
import { formatCost } from '../../src/format';
import { StatCard, StatRow } from '../common/StatCard';

/** docs/product.md#console-suspicious-users: the three cost summary cards, then the four statistics cards. */
export function SuspiciousCards({
  summary,
  statistics,
  flaggedUsers,
}: {
  summary?: CostSummary;
  statistics?: SuspiciousStatistics;
  flaggedUsers: number;
}) {
  return (
    <>
      <StatRow>
        <StatCard
          label="AI Cost (30d)"
          value={formatCost(summary?.tokens.cost)}
          hint={`${(summary?.tokens.total ?? 0).toLocaleString('en-US')} tokens`}
        />
        <StatCard
          label="Storage Cost (30d)"
          value={formatCost(summary?.storage.cost)}
          hint={`${(summary?.storage.totalGB ?? 0).toFixed(2)} GB`}
        />
        <StatCard
          label="Total Estimated Cost"
          value={formatCost(summary?.total.estimatedCost)}
          hint="AI and storage, 30 days"
        />
      </StatRow>
      <StatRow>
        <StatCard label="Total Users" value={statistics?.totalUsers ?? 0} />
        <StatCard label="Flagged Users" value={flaggedUsers} />
        <StatCard label="Average Cost" value={formatCost(statistics?.averageEstimatedCost)} />
        <StatCard label="Total Estimated Cost" value={formatCost(statistics?.totalEstimatedCost)} />
      </StatRow>
    </>
  );
}
