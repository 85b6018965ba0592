import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../../src/session/SessionProvider';

/**
 * The landing page sends a signed-in account on the admin list to /admin. The list is the server's
 * ADMIN_EMAILS, not a copy in this bundle: the server grants the admin role only to a verified address on it,
 * and /auth/me reports that role, so a deployment that configures other operators needs no rebuild. It acts
 * once the session has confirmed the profile, so the first client render matches the pre-rendered HTML.
 */
export function useAdminRedirect(): void {
  const navigate = useNavigate();
  const { status, user } = useSession();
  useEffect(() => {
    if (status === 'authenticated' && user?.role === 'admin') navigate('/admin', { replace: true });
  }, [status, user, navigate]);
}
