import type { AdminUser } from '../../src/contract/admin';
import { ADMIN_TEXT } from '../providers/adminMessages';
import { textMatches } from '../providers/listQuery';
import { fieldsMatch, resourceSpec, searchOf, type Filter, type FirstPage } from '../providers/resourceSpec';
import { SORTABLE, type SortKey } from '../../src/contract/adminSort';

const matches = (u: AdminUser, f: Filter) =>
  fieldsMatch(u, f, 'subscriptionStatus', 'plan') && textMatches(searchOf(f), u.email, u.name, u.displayName);

/** How its list opens (its `<List>` and the fetch ahead of it use the same). */
export const userFirstPage: FirstPage<SortKey<'users'>> = {
  sort: { field: 'createdAt', order: 'DESC' },
  perPage: 25,
};

export const userData = resourceSpec({
  path: 'users',
  sortKeys: SORTABLE.users,
  firstPage: userFirstPage,
  key: 'users',
  loadError: ADMIN_TEXT.loadUsers,
  matches,
});
