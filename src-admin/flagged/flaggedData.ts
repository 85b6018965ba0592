import type { AdminUser } from '../../src/contract/admin';
import { ADMIN_TEXT } from '../providers/adminMessages';
import { textMatches } from '../providers/listQuery';
import { fieldsMatch, given, reasonCategory, resourceSpec, searchOf } from '../providers/resourceSpec';
import type { FirstPage } from '../providers/resourceSpec';
import { SORTABLE, type SortKey } from '../../src/contract/adminSort';

/** The reason category filter reads the last flag's reason, in any case. */
const reasonMatches = (u: AdminUser, reason: unknown) =>
  !given(reason) || reasonCategory(u.lastFlaggedReason).toLowerCase() === String(reason).toLowerCase();

/** How its list opens (its `<List>` and the fetch ahead of it use the same). */
export const flaggedFirstPage: FirstPage<SortKey<'flagged'>> = {
  sort: { field: 'flaggedAt', order: 'DESC' },
  perPage: 10,
};

export const flaggedData = resourceSpec<AdminUser>({
  path: 'users/flagged',
  sortKeys: SORTABLE.flagged,
  firstPage: flaggedFirstPage,
  key: 'users',
  loadError: ADMIN_TEXT.loadFlagged,
  matches: (u, f) =>
    fieldsMatch(u, f, 'plan', 'subscriptionStatus') &&
    reasonMatches(u, f.reason) &&
    textMatches(searchOf(f), u.email, u.name, u.displayName, u.lastFlaggedReason),
});
