import { BulkActions } from '../common/BulkActions';
import { ConsoleList } from '../common/ConsoleList';
import { DataGridList } from '../grid/DataGridList';
import { MESSAGE_HIDE_BELOW, messageColumns, messageCsvColumns } from './supportColumns';
import { supportBulkActions } from './supportBulkActions';
import { supportFilters } from './supportFilters';
import { supportFirstPage } from './supportData';

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
        bulkActionButtons={<BulkActions actions={supportBulkActions} />}
        aria-label="Support messages"
      />
    </ConsoleList>
  );
}
