import FlagIcon from '@mui/icons-material/Flag';
import { preloadable } from '../common/preloadable';
import { section } from '../common/section';

// Each section is its own chunk: opening one section downloads only its code.
const FlaggedList = preloadable(() => import('./FlaggedList').then((m) => m.FlaggedList));

export default section('Flagged Users', FlagIcon, FlaggedList, { recordRepresentation: 'email' });

/** Its endpoint, for the data provider. */
export { flaggedData as data } from './flaggedData';
