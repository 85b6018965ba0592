import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import { SupportList } from './SupportList';
import { SupportShow } from './SupportShow';

export default {
  list: SupportList,
  show: SupportShow,
  icon: SupportAgentIcon,
  options: { label: 'Support' },
  recordRepresentation: 'email',
};
