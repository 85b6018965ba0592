import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { updateEach, type BulkAction } from '../common/BulkActions';

/**
 * The inbox's bulk action: each message is resolved on its own, so the notice says how many were and names
 * any that were not; the open count on the Support tab is one of the 'messages' queries refetched after.
 */
export const supportBulkActions: BulkAction[] = [
  {
    label: 'Resolve',
    icon: <CheckCircleIcon />,
    confirm: 'Mark the selected messages resolved?',
    run: updateEach('messages', { status: 'resolved' }),
  },
];
