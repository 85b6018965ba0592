import { BulkUpdateButton, useNotify, useRefresh, useUnselectAll } from 'react-admin';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { ConsoleList } from '../common/ConsoleList';
import { DataGridList } from '../grid/DataGridList';
import { MESSAGE_HIDE_BELOW, messageColumns, messageCsvColumns } from './supportColumns';
import { supportFilters } from './supportFilters';
import { supportFirstPage } from './supportData';

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
    <ConsoleList
      title="Support"
      filters={supportFilters}
      csv={{ columns: messageCsvColumns, filename: 'support-inbox' }}
      {...supportFirstPage}
    >
      <DataGridList
        columns={messageColumns}
        storeKey="messages.grid"
        hideBelow={MESSAGE_HIDE_BELOW}
        bulkActionButtons={<SupportBulkActions />}
        aria-label="Support messages"
      />
    </ConsoleList>
  );
}
