import type { SuspiciousUser } from '../../src/contract/admin';
import type { CsvColumn } from '../csv/csv';

/** docs/product.md#console-suspicious-users: the suspicious-users export has exactly these columns, in this order. */
export const suspiciousCsvColumns: CsvColumn<SuspiciousUser>[] = [
  { header: 'Email', value: (u) => u.email },
  { header: 'Name', value: (u) => u.displayName || u.name },
  { header: 'Plan', value: (u) => u.plan },
  { header: 'Tokens (30d)', value: (u) => u.tokensUsed30d },
  { header: 'Storage (MB)', value: (u) => u.storageUsedMB.toFixed(2) },
  { header: 'Estimated Cost', value: (u) => u.estimatedCost.toFixed(3) },
  { header: 'Flagged', value: (u) => (u.flaggedForAbuse ? 'Yes' : 'No') },
  { header: 'Reasons', value: (u) => u.suspiciousReasons.join('; ') },
];

export const SUSPICIOUS_CSV_BASENAME = 'suspicious-users';
