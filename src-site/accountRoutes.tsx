import type { RouteObject } from 'react-router-dom';
import { RequireAuth } from './RequireAuth';

// Account screens load on demand so their code never weighs on the landing page.
export const accountRoutes: RouteObject[] = [
  {
    path: '/dashboard',
    lazy: async () => {
      const { DashboardPage } = await import('./dashboard/DashboardPage');
      return {
        element: (
          <RequireAuth sendAdminsToConsole>
            <DashboardPage />
          </RequireAuth>
        ),
      };
    },
  },
  {
    path: '/dashboard/settings',
    lazy: async () => {
      const { SettingsPage } = await import('./settings/SettingsPage');
      return {
        element: (
          <RequireAuth>
            <SettingsPage />
          </RequireAuth>
        ),
      };
    },
  },
  {
    path: '/dashboard/login',
    lazy: async () => {
      const { AuthPage } = await import('./auth/AuthPage');
      return { element: <AuthPage key="login" mode="login" /> };
    },
  },
  {
    path: '/dashboard/register',
    lazy: async () => {
      const { AuthPage } = await import('./auth/AuthPage');
      return { element: <AuthPage key="register" mode="register" /> };
    },
  },
  {
    path: '/dashboard/forgot-password',
    lazy: async () => ({ Component: (await import('./auth/ForgotPasswordPage')).ForgotPasswordPage }),
  },
  {
    path: '/dashboard/reset-password',
    lazy: async () => ({ Component: (await import('./auth/ResetPasswordPage')).ResetPasswordPage }),
  },
  {
    path: '/upgrade',
    lazy: async () => ({ Component: (await import('./upgrade/UpgradePage')).UpgradePage }),
  },
];
