import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '../src/session/SessionProvider';
import { withoutHandOff } from '../src/session/googleHandOff';
import { PublicLayout } from './layout/PublicLayout';
// Loaded with the first page, after the landing's sheets: the account rules win where both style one class.
import './layout/account.css';

/**
 * docs/product.md#screen-guards guards: a visitor without a session goes to sign-in, remembering where they were going; with
 * `sendAdminsToConsole`, an admin goes to /admin.
 */
export function RequireAuth({
  children,
  sendAdminsToConsole = false,
}: {
  children: ReactNode;
  sendAdminsToConsole?: boolean;
}) {
  const { status, user, error } = useSession();
  const location = useLocation();
  if (status === 'loading') {
    return (
      <PublicLayout>
        <p className="pk-loading" role="status">
          Loading your account…
        </p>
      </PublicLayout>
    );
  }
  if (status === 'unauthenticated' || !user) {
    return (
      <Navigate
        to="/dashboard/login"
        replace
        // A token that came in the address bar must never travel on into the page to return to.
        state={{ from: withoutHandOff(`${location.pathname}${location.search}`), error }}
      />
    );
  }
  if (sendAdminsToConsole && user.role === 'admin') return <Navigate to="/admin" replace />;
  return <>{children}</>;
}
