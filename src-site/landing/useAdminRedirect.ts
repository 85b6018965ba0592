import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { request } from '../../src/api/client';
import { ADMIN_EMAILS } from '../../src/config';
import type { Profile } from '../../src/contract/user';
import { readToken } from '../../src/session/storage';

export function isOnAdminList(email: string): boolean {
  const e = email.trim().toLowerCase();
  return ADMIN_EMAILS.some((a) => a.toLowerCase() === e);
}

/**
 * SPEC §6: the landing page sends a signed-in account whose email is on the admin list to /admin. It runs in
 * an effect, so the first client render matches the pre-rendered HTML. It confirms the account with the
 * profile call rather than trusting the cached profile, which may be stale.
 */
export function useAdminRedirect(): void {
  const navigate = useNavigate();
  useEffect(() => {
    // A token just handed over in the URL counts too: the session layer may not have stored it yet.
    const token = readToken() ?? new URLSearchParams(window.location.search).get('auth_token');
    if (!token) return;
    const controller = new AbortController();
    request<Profile>('/auth/me', { signal: controller.signal, token })
      .then((profile) => {
        if (profile?.email && isOnAdminList(profile.email)) navigate('/admin', { replace: true });
      })
      .catch(() => {
        // Not signed in after all, or offline: the landing page simply stays.
      });
    return () => controller.abort();
  }, [navigate]);
}
