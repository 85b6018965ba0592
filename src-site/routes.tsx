import type { RouteObject } from 'react-router-dom';
import { LandingPage } from './landing/LandingPage';

// The landing page is eager (it is pre-rendered and hydrated); the long text pages load on demand so their
// words never weigh on `/`.
export const siteRoutes: RouteObject[] = [
  { path: '/', element: <LandingPage /> },
  { path: '/privacy', lazy: async () => ({ Component: (await import('./legal/PrivacyPage')).PrivacyPage }) },
  { path: '/terms', lazy: async () => ({ Component: (await import('./legal/TermsPage')).TermsPage }) },
  { path: '/help', lazy: async () => ({ Component: (await import('./help/HelpPage')).HelpPage }) },
  { path: '*', lazy: async () => ({ Component: (await import('./notFound/NotFoundPage')).NotFoundPage }) },
];
