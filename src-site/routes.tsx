import { Navigate, type RouteObject } from 'react-router-dom';
import { LandingPage } from './landing/LandingPage';
import { SiteRoot } from './SiteRoot';
import { accountRoutes } from './accountRoutes';

// The landing page is eager (it is pre-rendered and hydrated); everything else loads on demand so its
// code never weighs on `/`.
export const siteRoutes: RouteObject[] = [
  {
    element: <SiteRoot />,
    children: [
      { path: '/', element: <LandingPage /> },
      ...accountRoutes,
      { path: '/login', element: <Navigate to="/dashboard/login" replace /> },
      { path: '/register', element: <Navigate to="/dashboard/register" replace /> },
      { path: '/settings', element: <Navigate to="/dashboard/settings" replace /> },
      {
        path: '/privacy',
        lazy: async () => ({ Component: (await import('./legal/PrivacyPage')).PrivacyPage }),
      },
      { path: '/terms', lazy: async () => ({ Component: (await import('./legal/TermsPage')).TermsPage }) },
      { path: '/help', lazy: async () => ({ Component: (await import('./help/HelpPage')).HelpPage }) },
      {
        path: '*',
        lazy: async () => ({ Component: (await import('./notFound/NotFoundPage')).NotFoundPage }),
      },
    ],
  },
];
