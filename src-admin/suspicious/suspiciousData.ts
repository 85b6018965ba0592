import type { SuspiciousUser } from '../../src/contract/admin';
import { ADMIN_TEXT } from '../providers/adminMessages';
import { textMatches } from '../providers/listQuery';
import { fieldsMatch, given, reasonCategory, resourceSpec, searchOf } from '../providers/resourceSpec';
import type { FirstPage } from '../providers/resourceSpec';
import { SORTABLE, type SortKey } from '../../src/contract/adminSort';

/** Status: flagged, or suspicious only (not flagged). */
const statusMatches = (u: SuspiciousUser, status: unknown) =>
  status === 'flagged' ? u.flaggedForAbuse : status === 'suspicious' ? !u.flaggedForAbuse : true;

/** How its list opens (its `<List>` and the fetch ahead of it use the same). */
export const suspiciousFirstPage: FirstPage<SortKey<'suspicious'>> = {
  sort: { field: 'estimatedCost', order: 'DESC' },
  perPage: 10,
};

export const suspiciousData = resourceSpec<SuspiciousUser>({
  path: 'users/suspicious',
  sortKeys: SORTABLE.suspicious,
  firstPage: suspiciousFirstPage,
  key: 'users',
  idOf: (r) => String(r.id ?? r._id ?? r.email),
  loadError: ADMIN_TEXT.loadSuspicious,
  matches: (u, f) =>
    fieldsMatch(u, f, 'plan') &&
    statusMatches(u, f.status) &&
    (!given(f.reason) || u.suspiciousReasons.some((r) => reasonCategory(r) === f.reason)) &&
    textMatches(searchOf(f), u.email, u.name, u.displayName),
});
