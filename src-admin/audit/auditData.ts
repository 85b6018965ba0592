import { ADMIN_TEXT } from '../providers/adminMessages';
import { resourceSpec, type FirstPage } from '../providers/resourceSpec';
import { SORTABLE, type SortKey } from '../../src/contract/adminSort';

/** How its list opens (its `<List>` and the fetch ahead of it use the same). */
export const auditFirstPage: FirstPage<SortKey<'audit-log'>> = {
  sort: { field: 'at', order: 'DESC' },
  perPage: 25,
};

// The server always pages and filters this list; nothing is left to do in the browser.
export const auditData = resourceSpec({
  path: 'audit-log',
  sortKeys: SORTABLE['audit-log'],
  firstPage: auditFirstPage,
  key: 'entries',
  loadError: ADMIN_TEXT.loadAuditLog,
});
