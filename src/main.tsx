import { StrictMode, lazy } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { siteRoutes } from '../src-site/routes';
import { fetchProfileAhead } from './session/profileAhead';

// The composition root: site routes eagerly, the console lazily, so react-admin, MUI X and recharts
// never load outside /admin.
const AdminApp = lazy(() => import('../src-admin/AdminApp'));
// The console's session check starts with the page, beside the console's code.
if (/^\/admin(\/|$)/.test(window.location.pathname)) fetchProfileAhead();

const router = createBrowserRouter([...siteRoutes, { path: '/admin/*', element: <AdminApp /> }]);

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
);
if (container.hasChildNodes() && container.firstElementChild) hydrateRoot(container, app);
else createRoot(container).render(app);
