import { PLANS } from '../../src/config';
import { formatStorage } from '../../src/format/storage';
import type { StatusAnswer } from './messages';

/** "12.5 MB of 1.00 GB" (docs/product.md#formatting). */
export function storageText(used: number, limit: number): string {
  return `${formatStorage(used)} of ${formatStorage(limit)}`;
}

/** How full the account is, 0 to 100, for the storage bar. */
export function storagePercent(used: number, limit: number): number {
  if (!(limit > 0)) return 0;
  return Math.min(100, Math.max(0, Math.round((used / limit) * 100)));
}

/** The plan's name as the site writes it: Free or Pro. */
export function planName(plan: 'free' | 'premium'): string {
  return PLANS[plan].name;
}

/** "3 saved posts", "1 saved post". */
export function savedPostsText(count: number): string {
  return `${count} saved ${count === 1 ? 'post' : 'posts'}`;
}

/** The line under the account: what is kept in this browser and what waits to be sent. */
export function localLine(status: Pick<StatusAnswer, 'signedIn' | 'localCount' | 'pendingCount'>): string {
  const parts: string[] = [];
  if (!status.signedIn) parts.push(`${status.localCount} saved in this browser`);
  if (status.pendingCount > 0) parts.push(`${status.pendingCount} waiting to be sent`);
  return parts.join(' · ');
}
