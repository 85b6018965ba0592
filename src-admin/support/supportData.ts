import { ADMIN_TEXT } from '../providers/adminMessages';
import { textMatches } from '../providers/listQuery';
import { fieldsMatch, resourceSpec, searchOf, type FirstPage } from '../providers/resourceSpec';
import { SORTABLE, type SortKey } from '../../src/contract/adminSort';

/** How its list opens (its `<List>` and the fetch ahead of it use the same). */
export const supportFirstPage: FirstPage<SortKey<'messages'>> = {
  sort: { field: 'createdAt', order: 'DESC' },
  perPage: 25,
};

export const supportData = resourceSpec({
  path: 'messages',
  sortKeys: SORTABLE.messages,
  firstPage: supportFirstPage,
  key: 'messages',
  loadError: ADMIN_TEXT.loadMessages,
  matches: (r, f) =>
    fieldsMatch(r, f, 'type', 'status') && textMatches(searchOf(f), r.name, r.email, r.message),
});
