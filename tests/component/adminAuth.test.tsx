import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AdminApp from '../../src-admin/AdminApp';
import { browserNavigation, createAuthProvider } from '../../src-admin/providers/authProvider';
import { TIMINGS } from '../../src/config';
import { adminProfile, fail, fakeApi, type Route as ApiRoute } from './adminHarness';
import { fakeChrome } from './siteHarness';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
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

  it.each([
    ['ends the session on the server, then the site session', () => new Response(null, { status: 204 })],
    ['ends the site session even when the server fails', fail(500)],
  ] as [string, ApiRoute][])(
    'opens the console for an admin; its Logout %s',
    async (_case, logout) => {
      localStorage.setItem('authToken', 'admin-token');
      const api = fakeApi({
        'GET /auth/me': () => adminProfile,
        'GET /admin/overview': () => ({
          totalUsers: 1,
          activeUsersToday: 1,
          totalTokenUsage: 0,
          totalStorageUsedGB: 0,
        }),
        'POST /auth/logout': logout,
      });
      const sent = fakeChrome('answers');
      const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
      renderApp();
      expect(
        await screen.findByRole('tablist', { name: 'Console sections' }, { timeout: 8000 }),
      ).toBeInTheDocument();
      expect(JSON.parse(localStorage.getItem('user_profile') ?? '{}').email).toBe('admin@example.com');
      await userEvent.click(screen.getByRole('button', { name: 'Profile' }));
      await userEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
      await waitFor(() => expect(assign).toHaveBeenCalledWith('/dashboard/login'));
      const index = api.calls.findIndex((c) => c.method === 'POST' && c.path === '/auth/logout');
      expect(index).toBeGreaterThanOrEqual(0);
      expect(api.fetchMock.mock.calls[index][1]?.headers).toMatchObject({
        Authorization: 'Bearer admin-token',
      });
      expect(localStorage.getItem('authToken')).toBeNull();
      expect(localStorage.getItem('user_profile')).toBeNull();
      expect(sent).toContainEqual(expect.objectContaining({ action: 'LOGOUT' }));
    },
    20_000,
  );
});

describe('the console’s logout (authProvider.logout)', () => {
  /** Starts the console's logout in a browser signed in with 'admin-token', the server answering `logout`. */
  function logOut(logout: ApiRoute) {
    localStorage.setItem('authToken', 'admin-token');
    localStorage.setItem('user_profile', JSON.stringify(adminProfile));
    const api = fakeApi({ 'POST /auth/logout': logout });
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    const done = createAuthProvider(adminProfile).logout({});
    return { api, assign, done };
  }
  const expectSignedOut = (assign: ReturnType<typeof vi.spyOn>) => {
    expect(assign).toHaveBeenCalledWith('/dashboard/login');
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('user_profile')).toBeNull();
  };

  it.each([
    [
      'the network fails',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
    ['the session is already gone (401)', fail(401)],
  ] as [string, ApiRoute][])('signs out here all the same when %s', async (_case, logout) => {
    const { api, assign, done } = logOut(logout);
    await done;
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /auth/logout']);
    expectSignedOut(assign);
  });

  it('gives up on a server that never answers after TIMINGS.logoutTimeoutMs and signs out here', async () => {
    vi.useFakeTimers();
    // A server that never answers: the request ends only when the browser aborts it.
    const fetchMock = vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    localStorage.setItem('authToken', 'admin-token');
    vi.stubGlobal('fetch', fetchMock);
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    let finished = false;
    const done = createAuthProvider(adminProfile)
      .logout({})
      .then(() => (finished = true));
    await vi.advanceTimersByTimeAsync(TIMINGS.logoutTimeoutMs - 1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect([finished, localStorage.getItem('authToken')]).toEqual([false, 'admin-token']);
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(fetchMock.mock.calls[0][1].signal?.aborted).toBe(true);
    expectSignedOut(assign);
  });
});
