import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import { preloadable } from '../common/preloadable';
import { section } from '../common/section';

// Each section is its own chunk: opening one section downloads only its code.
const SuspiciousList = preloadable(() => import('./SuspiciousList').then((m) => m.SuspiciousList));

export default section('Suspicious Users', ReportProblemIcon, SuspiciousList, {
  recordRepresentation: 'email',
});

/** Its endpoint, for the data provider. */
export { suspiciousData as data } from './suspiciousData';
