import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AdminApp from '../../src-admin/AdminApp';
import { browserNavigation } from '../../src-admin/providers/authProvider';
import { adminProfile, fail, fakeApi } from './adminHarness';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function LoginProbe() {
  const location = useLocation();
  return <p>Login screen from {(location.state as { from?: string })?.from}</p>;
}

function renderApp() {
  return render(
    <MemoryRouter initialEntries={['/admin']}>
      <Routes>
        <Route path="/admin/*" element={<AdminApp />} />
        <Route path="/dashboard/login" element={<LoginProbe />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('console access', () => {
  it('sends a visitor with empty storage to sign in, without calling the API', async () => {
    const api = fakeApi({});
    renderApp();
    expect(await screen.findByText('Login screen from /admin')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('shows exactly the access denied text to a signed-in non-admin', async () => {
    localStorage.setItem('authToken', 'user-token');
    const api = fakeApi({
      'GET /auth/me': () => ({ ...adminProfile, role: 'user', email: 'someone@example.com' }),
    });
    renderApp();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Access Denied - You don't have permission to access the admin dashboard\.$/,
    );
    expect(api.calls.map((c) => c.path)).toEqual(['/auth/me']);
    expect(api.fetchMock.mock.calls[0][1]?.headers).toMatchObject({ Authorization: 'Bearer user-token' });
  });

  it('clears a session whose profile fails to load, and sends it to sign in', async () => {
    localStorage.setItem('authToken', 'stale');
    localStorage.setItem('user_profile', '{}');
    fakeApi({ 'GET /auth/me': fail(401) });
    renderApp();
    expect(await screen.findByText('Login screen from /admin')).toBeInTheDocument();
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('user_profile')).toBeNull();
  });

  it('opens the console for an admin, and logging out of it ends the site session', async () => {
    localStorage.setItem('authToken', 'admin-token');
    fakeApi({
      'GET /auth/me': () => adminProfile,
      'GET /admin/overview': () => ({
        totalUsers: 1,
        activeUsersToday: 1,
        totalTokenUsage: 0,
        totalStorageUsedGB: 0,
      }),
    });
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    renderApp();
    expect(
      await screen.findByRole('tablist', { name: 'Console sections' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('user_profile') ?? '{}').email).toBe('admin@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Profile' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/dashboard/login'));
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('user_profile')).toBeNull();
  }, 20_000);
});
