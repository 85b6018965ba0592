import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { ADMIN_EMAILS } from '../../src/config';
import { useSession } from '../../src/session/SessionProvider';

export function isOnAdminList(email: string): boolean {
  const e = email.trim().toLowerCase();
  return ADMIN_EMAILS.some((a) => a.toLowerCase() === e);
}

/**
 * SPEC §6: the landing page sends a signed-in account whose email is on the admin list to /admin. It acts
 * once the session has confirmed the profile, so the first client render matches the pre-rendered HTML.
 */
export function useAdminRedirect(): void {
  const navigate = useNavigate();
  const { status, user } = useSession();
  useEffect(() => {
    if (status === 'authenticated' && user?.email && isOnAdminList(user.email))
      navigate('/admin', { replace: true });
  }, [status, user, navigate]);
}
