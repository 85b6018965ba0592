import { FilterButton, List, TopToolbar } from 'react-admin';
import { DataGridList } from '../grid/DataGridList';
import { ExportCsvButton } from '../csv/ExportCsvButton';
import { userFilters } from './userFilters';
import { USER_HIDE_BELOW, userColumns, userCsvColumns } from './userColumns';
import { UserBulkActions } from './UserBulkActions';

const STORE_KEY = 'users.grid';

function UserListActions() {
  return (
    <TopToolbar>
      <FilterButton />
      <ExportCsvButton columns={userCsvColumns} filename="users" storeKey={STORE_KEY} />
    </TopToolbar>
  );
}

export function UserList() {
  return (
    <List
      title="Users"
      filters={userFilters}
      actions={<UserListActions />}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      pagination={false}
      exporter={false}
    >
      <DataGridList
        columns={userColumns}
        storeKey={STORE_KEY}
        bulkActionButtons={<UserBulkActions />}
        hideBelow={USER_HIDE_BELOW}
        aria-label="Users"
      />
    </List>
  );
}
