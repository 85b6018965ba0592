import { lazy } from 'react';
import SmartToyIcon from '@mui/icons-material/SmartToy';
import { section } from '../common/section';

// Each section is its own chunk: opening one section downloads only its code.
const AiConfigPage = lazy(() => import('./AiConfigPage').then((m) => ({ default: m.AiConfigPage })));

export default section('AI Provider Settings', SmartToyIcon, AiConfigPage, {
  recordRepresentation: 'taskType',
});

/** Its endpoint, for the data provider. */
export { aiConfigData as data } from './aiConfigData';
