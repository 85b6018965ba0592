import { lazy } from 'react';

// Each section is its own chunk: opening one section downloads only its code.
const SuspiciousList = lazy(() => import('./SuspiciousList').then((m) => ({ default: m.SuspiciousList })));

export default {
  list: SuspiciousList,
  options: { label: 'Suspicious Users' },
  recordRepresentation: 'email',
};
