import type { AbuseStats } from '../../src/contract/admin';
import { StatCard, StatRow } from '../common/StatCard';
import { topReasons } from './topReasons';

export function FlaggedStats({ stats }: { stats: AbuseStats | undefined }) {
  const reasons = topReasons(stats?.mostCommonReasons ?? []);
  return (
    <StatRow>
      <StatCard label="Total Flagged" value={stats?.totalFlagged ?? 0} />
      <StatCard label="Flagged Today" value={stats?.flaggedToday ?? 0} />
      <StatCard label="This Week" value={stats?.flaggedThisWeek ?? 0} />
      <StatCard
        label="Top Reasons"
        value={<span style={{ fontSize: '0.9rem' }}>{reasons.length ? reasons.join(', ') : 'None'}</span>}
      />
    </StatRow>
  );
}
