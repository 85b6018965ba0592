import type { AdminUser } from '../../src/contract/admin';
import { ADMIN_TEXT } from '../providers/adminMessages';
import { textMatches } from '../providers/listQuery';
import { fieldsMatch, resourceSpec, searchOf, type Filter } from '../providers/resourceSpec';

const matches = (u: AdminUser, f: Filter) =>
  fieldsMatch(u, f, 'subscriptionStatus', 'plan') && textMatches(searchOf(f), u.email, u.name, u.displayName);

export const userData = resourceSpec({
  path: 'users',
  key: 'users',
  loadError: ADMIN_TEXT.loadUsers,
  matches,
});
