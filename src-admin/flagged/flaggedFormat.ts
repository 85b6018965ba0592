import type { AdminUser } from '../../src/contract/admin';
import { formatDate } from '../../src/format';
import { ADMIN_TEXT } from '../providers/adminMessages';

export const flaggedReason = (u: Pick<AdminUser, 'lastFlaggedReason'>) =>
  u.lastFlaggedReason?.trim() || ADMIN_TEXT.noReason;
export const flaggedDate = (u: Pick<AdminUser, 'flaggedAt'>) =>
  u.flaggedAt ? formatDate(u.flaggedAt) : 'Unknown';
