import { lazy } from 'react';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import { section } from '../common/section';

// Each section is its own chunk: opening one section downloads only its code.
const SupportList = lazy(() => import('./SupportList').then((m) => ({ default: m.SupportList })));
const SupportShow = lazy(() => import('./SupportShow').then((m) => ({ default: m.SupportShow })));

export default section('Support', SupportAgentIcon, SupportList, {
  show: SupportShow,
  recordRepresentation: 'email',
});

/** Its endpoint, for the data provider. */
export { supportData as data } from './supportData';
