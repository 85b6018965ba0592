import { useRefresh } from 'react-admin';
import { ConsoleList } from '../common/ConsoleList';
import { WithUserDetails } from '../common/userDetails/openUserDetails';
import { DataGridList } from '../grid/DataGridList';
import { auditColumns, auditCsvColumns } from './auditColumns';
import { auditFilters } from './auditFilters';
import { auditFirstPage } from './auditData';

/** Every operator change, newest first; a user entry opens that user's details. */
export function AuditList() {
  const refresh = useRefresh();
  return (
    <WithUserDetails onChanged={refresh}>
      <ConsoleList
        title="Audit log"
        filters={auditFilters}
        csv={{ columns: auditCsvColumns, filename: 'audit-log' }}
        {...auditFirstPage}
      >
        <DataGridList columns={auditColumns} storeKey="audit-log.grid" aria-label="Audit log" />
      </ConsoleList>
    </WithUserDetails>
  );
}
