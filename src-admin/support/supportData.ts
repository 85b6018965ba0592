import { ADMIN_TEXT } from '../providers/adminMessages';
import { textMatches } from '../providers/listQuery';
import { fieldsMatch, resourceSpec, searchOf } from '../providers/resourceSpec';

export const supportData = resourceSpec({
  path: 'messages',
  key: 'messages',
  loadError: ADMIN_TEXT.loadMessages,
  matches: (r, f) =>
    fieldsMatch(r, f, 'type', 'status') && textMatches(searchOf(f), r.name, r.email, r.message),
});
