import { lazy } from 'react';

// Each section is its own chunk: opening one section downloads only its code.
const FlaggedList = lazy(() => import('./FlaggedList').then((m) => ({ default: m.FlaggedList })));

export default {
  list: FlaggedList,
  options: { label: 'Flagged Users' },
  recordRepresentation: 'email',
};
