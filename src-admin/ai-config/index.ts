import { lazy } from 'react';

// Each section is its own chunk: opening one section downloads only its code.
const AiConfigPage = lazy(() => import('./AiConfigPage').then((m) => ({ default: m.AiConfigPage })));

export default {
  list: AiConfigPage,
  options: { label: 'AI Provider Settings' },
  recordRepresentation: 'taskType',
};
