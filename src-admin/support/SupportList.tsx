import { BulkUpdateButton, List, TopToolbar, useNotify, useRefresh, useUnselectAll } from 'react-admin';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { DataGridList } from '../grid/DataGridList';
import { ExportCsvButton } from '../csv/ExportCsvButton';
import { messageColumns, messageCsvColumns } from './supportColumns';
import { supportFilters } from './supportFilters';

const STORE_KEY = 'messages.grid';

function SupportBulkActions() {
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll('messages');
  return (
    <BulkUpdateButton
      label="Resolve"
      data={{ status: 'resolved' }}
      mutationMode="pessimistic"
      icon={<CheckCircleIcon />}
      confirmContent="Mark the selected messages resolved?"
      // A refresh after the change also recounts the open messages on the section's tab.
      mutationOptions={{
        onSuccess: () => {
          notify('Messages resolved', { type: 'success' });
          unselectAll();
          refresh();
        },
      }}
    />
  );
}

/** The support inbox: contact and support messages, newest first. */
export function SupportList() {
  return (
    <List
      title="Support"
      filters={supportFilters}
      actions={
        <TopToolbar>
          <ExportCsvButton columns={messageCsvColumns} filename="support-inbox" />
        </TopToolbar>
      }
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      pagination={false}
      exporter={false}
      empty={false}
    >
      <DataGridList
        columns={messageColumns}
        storeKey={STORE_KEY}
        bulkActionButtons={<SupportBulkActions />}
        aria-label="Support messages"
      />
    </List>
  );
}
