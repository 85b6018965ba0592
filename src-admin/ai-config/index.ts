import SmartToyIcon from '@mui/icons-material/SmartToy';
import { AiConfigPage } from './AiConfigPage';

export default {
  list: AiConfigPage,
  icon: SmartToyIcon,
  options: { label: 'AI Provider Settings' },
  recordRepresentation: 'taskType',
};
