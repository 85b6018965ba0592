import ReportIcon from '@mui/icons-material/Report';
import { SuspiciousList } from './SuspiciousList';

export default {
  list: SuspiciousList,
  icon: ReportIcon,
  options: { label: 'Suspicious Users' },
  recordRepresentation: 'email',
};
