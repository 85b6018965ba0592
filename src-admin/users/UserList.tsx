import { BulkActions } from '../common/BulkActions';
import { ConsoleList } from '../common/ConsoleList';
import { DataGridList } from '../grid/DataGridList';
import { userFilters } from './userFilters';
import { USER_HIDE_BELOW, userColumns, userCsvColumns } from './userColumns';
import { userBulkActions } from './UserBulkActions';
import { userFirstPage } from './userData';
import { UserChangesProvider } from './userChanges';
import { WithUserDetails } from '../common/userDetails/openUserDetails';
import { useRefresh } from 'react-admin';

const STORE_KEY = 'users.grid';

export function UserList() {
  const refresh = useRefresh();
  return (
    <WithUserDetails onChanged={refresh}>
      <ConsoleList
        title="Users"
        filters={userFilters}
        filterButton
        csv={{ columns: userCsvColumns, filename: 'users', storeKey: STORE_KEY }}
        {...userFirstPage}
        emptyPage
      >
        <UserChangesProvider>
          <DataGridList
            columns={userColumns}
            storeKey={STORE_KEY}
            bulkActionButtons={<BulkActions actions={userBulkActions} />}
            hideBelow={USER_HIDE_BELOW}
            aria-label="Users"
          />
        </UserChangesProvider>
      </ConsoleList>
    </WithUserDetails>
  );
}
