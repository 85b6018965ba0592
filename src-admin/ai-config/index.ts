import SmartToyIcon from '@mui/icons-material/SmartToy';
import { preloadable } from '../common/preloadable';
import { section } from '../common/section';

// Each section is its own chunk: opening one section downloads only its code.
const AiConfigPage = preloadable(() => import('./AiConfigPage').then((m) => m.AiConfigPage));

export default section('AI Provider Settings', SmartToyIcon, AiConfigPage, {
  recordRepresentation: 'taskType',
});

/** Its endpoint, for the data provider. */
export { aiConfigData as data } from './aiConfigData';
