import { lazy } from 'react';

// Each section is its own chunk: opening one section downloads only its code.
const UserList = lazy(() => import('./UserList').then((m) => ({ default: m.UserList })));

export default {
  list: UserList,
  options: { label: 'Users' },
  recordRepresentation: 'email',
};
