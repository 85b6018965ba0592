import PeopleIcon from '@mui/icons-material/People';
import { preloadable } from '../common/preloadable';
import { section } from '../common/section';

// Each section is its own chunk: opening one section downloads only its code.
const UserList = preloadable(() => import('./UserList').then((m) => m.UserList));

export default section('Users', PeopleIcon, UserList, { recordRepresentation: 'email' });

/** Its endpoint, for the data provider. */
export { userData as data } from './userData';
