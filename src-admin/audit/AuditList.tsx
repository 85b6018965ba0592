import { useState } from 'react';
import { List, TopToolbar, useRefresh } from 'react-admin';
import { DataGridList } from '../grid/DataGridList';
import { ExportCsvButton } from '../csv/ExportCsvButton';
import { UserDetailsDialog } from '../common/userDetails/UserDetailsDialog';
import { auditColumns, auditCsvColumns } from './auditColumns';
import { auditFilters } from './auditFilters';
import { OpenUserDetails } from './openUserDetails';

const STORE_KEY = 'audit-log.grid';

/** Every operator change, newest first; a user entry opens that user's details. */
export function AuditList() {
  const [userId, setUserId] = useState<string | null>(null);
  const refresh = useRefresh();
  return (
    <OpenUserDetails.Provider value={setUserId}>
      <List
        title="Audit log"
        filters={auditFilters}
        actions={
          <TopToolbar>
            <ExportCsvButton columns={auditCsvColumns} filename="audit-log" />
          </TopToolbar>
        }
        sort={{ field: 'at', order: 'DESC' }}
        perPage={25}
        pagination={false}
        exporter={false}
        empty={false}
      >
        <DataGridList columns={auditColumns} storeKey={STORE_KEY} aria-label="Audit log" />
      </List>
      <UserDetailsDialog userId={userId} onClose={() => setUserId(null)} onChanged={refresh} />
    </OpenUserDetails.Provider>
  );
}
