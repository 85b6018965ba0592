import FlagIcon from '@mui/icons-material/Flag';
import { FlaggedList } from './FlaggedList';

export default {
  list: FlaggedList,
  icon: FlagIcon,
  options: { label: 'Flagged Users' },
  recordRepresentation: 'email',
};
