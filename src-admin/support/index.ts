import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import { preloadable } from '../common/preloadable';
import { section } from '../common/section';

// Each section is its own chunk: opening one section downloads only its code.
const SupportList = preloadable(() => import('./SupportList').then((m) => m.SupportList));
const SupportShow = preloadable(() => import('./SupportShow').then((m) => m.SupportShow));

export default section('Support', SupportAgentIcon, SupportList, {
  show: SupportShow,
  recordRepresentation: 'email',
});

/** Its endpoint, for the data provider. */
export { supportData as data } from './supportData';
