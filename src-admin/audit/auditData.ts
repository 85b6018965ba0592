import { ADMIN_TEXT } from '../providers/adminMessages';
import { resourceSpec, type FirstPage } from '../providers/resourceSpec';

/** How its list opens (its `<List>` and the fetch ahead of it use the same). */
export const auditFirstPage: FirstPage = { sort: { field: 'at', order: 'DESC' }, perPage: 25 };

// The server always pages and filters this list; nothing is left to do in the browser.
export const auditData = resourceSpec({
  path: 'audit-log',
  firstPage: auditFirstPage,
  key: 'entries',
  loadError: ADMIN_TEXT.loadAuditLog,
});
