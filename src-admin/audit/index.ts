import HistoryIcon from '@mui/icons-material/History';
import { preloadable } from '../common/preloadable';
import { section } from '../common/section';

// Each section is its own chunk: opening one section downloads only its code.
const AuditList = preloadable(() => import('./AuditList').then((m) => m.AuditList));

export default section('Audit log', HistoryIcon, AuditList);

/** Its endpoint, for the data provider. */
export { auditData as data } from './auditData';
