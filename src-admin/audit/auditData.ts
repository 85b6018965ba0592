import { ADMIN_TEXT } from '../providers/adminMessages';
import { resourceSpec } from '../providers/resourceSpec';

// The server always pages and filters this list; nothing is left to do in the browser.
export const auditData = resourceSpec({
  path: 'audit-log',
  key: 'entries',
  loadError: ADMIN_TEXT.loadAuditLog,
});
