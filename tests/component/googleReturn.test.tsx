import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { siteRoutes } from '../../src-site/routes';
import { markGoogleSignInPending } from '../../src/session/googleHandOff';
import { fakeApi, profile } from './siteHarness';

// The lazy screens load before the clock is frozen, so that only timers decide what happens when.
beforeAll(async () => {
  await Promise.all([
    import('../../src-site/auth/AuthPage'),
    import('../../src-site/dashboard/DashboardPage'),
    import('../../src-site/settings/SettingsPage'),
  ]);
});

/** Opens `url` as a page load would: the address bar (read by the session) and the router agree. */
function openPage(url: string) {
  window.history.replaceState(null, '', url);
  const router = createMemoryRouter(siteRoutes, { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return router;
}
type Router = ReturnType<typeof openPage>;
const where = (router: Router) => `${router.state.location.pathname}${router.state.location.search}`;

/** A Chrome-like browser whose extension answers at once. */
function withExtension() {
  const sendMessage = vi.fn((_id: string, _m: unknown, cb: (r: unknown) => void) => cb({ success: true }));
  vi.stubGlobal('chrome', { runtime: { sendMessage } });
  return sendMessage;
}

/** Lets promises settle without moving the frozen clock, until `done` holds. */
async function settleUntil(done: () => boolean) {
  for (let i = 0; i < 100 && !done(); i++) await act(() => vi.advanceTimersByTimeAsync(0));
  expect(done()).toBe(true);
}

const bearerOf = (init: RequestInit) => (init.headers as Record<string, string>).Authorization;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.stubGlobal('chrome', undefined);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('back from Google sign-in', () => {
  const RETURN = '/dashboard/login?from=%2Fdashboard%2Fsettings&auth_token=code-google';
  // The server trades the one-time code in the address for a session token.
  const EXCHANGE = { 'POST /api/auth/google/exchange': { body: { token: 'tok-google' } } };

  it('asks the extension to open its dashboard first, then goes to the page the user came from 2 s later', async () => {
    vi.useFakeTimers();
    fakeApi({ ...EXCHANGE, 'GET /api/auth/me': { body: profile({ displayName: 'Gia Google' }) } });
    const sendMessage = withExtension();
    markGoogleSignInPending();
    const router = openPage(RETURN);
    await settleUntil(() => sendMessage.mock.calls.length > 0);
    expect(sendMessage).toHaveBeenCalledWith(
      'lmibpnjnijhijcmdkmidjkmpenfaiekc',
      expect.objectContaining({ action: 'openDashboard' }),
      expect.any(Function),
    );
    // The token is out of the address bar and out of the router's location at once.
    expect(window.location.search).toBe('?from=%2Fdashboard%2Fsettings');
    expect(where(router)).toBe('/dashboard/login?from=%2Fdashboard%2Fsettings');
    expect(localStorage.getItem('authToken')).toBe('tok-google');

    await act(() => vi.advanceTimersByTimeAsync(1999));
    expect(router.state.location.pathname).toBe('/dashboard/login');
    await act(() => vi.advanceTimersByTimeAsync(1));
    await settleUntil(() => router.state.location.pathname === '/dashboard/settings');
    expect(where(router)).toBe('/dashboard/settings');
  });

  it('without the extension, goes to the page the user came from at once', async () => {
    vi.useFakeTimers();
    fakeApi({ ...EXCHANGE, 'GET /api/auth/me': { body: profile() } });
    markGoogleSignInPending();
    const router = openPage(RETURN);
    await settleUntil(() => screen.queryByRole('heading', { name: 'Account Information' }) !== null);
    expect(where(router)).toBe('/dashboard/settings');
  });

  it('without a page to return to, or with one that is not on this site, goes to /dashboard', async () => {
    for (const url of [
      '/dashboard/login?auth_token=code-google',
      '/dashboard/login?from=%2F%2Fevil.example&auth_token=code-google',
      '/dashboard/login?from=https%3A%2F%2Fevil.example&auth_token=code-google',
    ]) {
      fakeApi({ ...EXCHANGE, 'GET /api/auth/me': { body: profile() } });
      markGoogleSignInPending();
      const router = openPage(url);
      await waitFor(() => expect(where(router)).toBe('/dashboard'));
      cleanup();
    }
  });

  it('a hand-off whose token does not work stays on sign-in and says so', async () => {
    fakeApi({
      ...EXCHANGE,
      'GET /api/auth/me': { status: 401, body: { message: 'Please sign in to continue.' } },
    });
    markGoogleSignInPending();
    const router = openPage(RETURN);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch user profile');
    expect(where(router)).toBe('/dashboard/login?from=%2Fdashboard%2Fsettings');
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('a hand-off code the server refuses (used or expired) stays on sign-in and says Google sign-in failed', async () => {
    const fetchMock = fakeApi({
      'POST /api/auth/google/exchange': {
        status: 400,
        body: { message: 'This sign-in has expired. Please continue with Google again.' },
      },
    });
    markGoogleSignInPending();
    const router = openPage(RETURN);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to initiate Google login');
    expect(where(router)).toBe('/dashboard/login?from=%2Fdashboard%2Fsettings');
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/auth/google/exchange']);
  });
});

describe('a planted ?auth_token= link', () => {
  it('in a browser signed in as someone else: they stay themselves, the token leaves the URL, nothing is sent to the extension', async () => {
    localStorage.setItem('authToken', 'tok-mine');
    const fetchMock = fakeApi({ 'GET /api/auth/me': { body: profile({ displayName: 'Me Myself' }) } });
    const sendMessage = withExtension();
    const router = openPage('/dashboard?auth_token=tok-attacker');
    expect(await screen.findByRole('heading', { name: 'Hi, Me Myself' })).toBeInTheDocument();
    expect(localStorage.getItem('authToken')).toBe('tok-mine');
    const calls = fetchMock.mock.calls.map(([url, init]) => `${url} ${bearerOf(init as RequestInit)}`);
    expect(calls.filter((c) => c.includes('/auth/me'))).toEqual(['/api/auth/me Bearer tok-mine']);
    expect(calls.filter((c) => c.includes('tok-attacker'))).toEqual([]);
    expect(window.location.search).toBe('');
    expect(where(router)).toBe('/dashboard');
    expect(sendMessage).not.toHaveBeenCalled();
  });

  it('on the sign-in screen of a signed-in browser: straight on, as any visit there', async () => {
    localStorage.setItem('authToken', 'tok-mine');
    fakeApi({ 'GET /api/auth/me': { body: profile() } });
    const sendMessage = withExtension();
    const router = openPage('/dashboard/login?from=%2Fdashboard%2Fsettings&auth_token=tok-attacker');
    await waitFor(() => expect(where(router)).toBe('/dashboard/settings'));
    expect(localStorage.getItem('authToken')).toBe('tok-mine');
    expect(sendMessage).not.toHaveBeenCalled();
  });

  it('in a signed-out browser: sign-in, and the token never comes back into a URL after signing in', async () => {
    fakeApi({
      'POST /api/auth/login': { body: { token: 'tok-login' } },
      'GET /api/auth/me': (init) =>
        bearerOf(init) === 'Bearer tok-login' ? { body: profile() } : { status: 401, body: {} },
    });
    const router = openPage('/dashboard/settings?tab=1&auth_token=tok-attacker');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/login'));
    expect(router.state.location.state).toMatchObject({ from: '/dashboard/settings?tab=1' });
    expect(localStorage.getItem('authToken')).toBeNull();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'erin@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(where(router)).toBe('/dashboard/settings?tab=1'));
  });

  it('a Google sign-in whose token fails at /dashboard: the guard keeps no token in the page to return to', async () => {
    fakeApi({
      'POST /api/auth/google/exchange': { body: { token: 'tok-broken' } },
      'POST /api/auth/login': { body: { token: 'tok-login' } },
      'GET /api/auth/me': (init) =>
        bearerOf(init) === 'Bearer tok-login' ? { body: profile() } : { status: 401, body: {} },
    });
    markGoogleSignInPending();
    const router = openPage('/dashboard?auth_token=code-broken');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/login'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch user profile');
    expect(JSON.stringify(router.state.location)).not.toContain('code-broken');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'erin@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(where(router)).toBe('/dashboard'));
    expect(window.location.href).not.toContain('code-broken');
  });
});

describe('Continue with Google', () => {
  function stubNavigation() {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location);
    return assign;
  }

  it('marks this tab’s sign-in as pending and carries the page the user came from', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date('2026-11-02T10:00:00.000Z'));
    fakeApi({});
    const router = openPage('/dashboard/settings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/login'));
    const assign = stubNavigation();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(assign).toHaveBeenCalledWith(
      '/api/auth/google/web?prompt=select_account&from=%2Fdashboard%2Fsettings',
    );
    const until = Number(sessionStorage.getItem('googleSignInPending'));
    expect(until - Date.now()).toBeGreaterThan(10 * 60_000 - 1000);
    expect(until - Date.now()).toBeLessThanOrEqual(10 * 60_000);
  });

  it('when the navigation cannot start: the spec text, and no sign-in left pending', async () => {
    fakeApi({});
    openPage('/dashboard/login');
    const assign = stubNavigation();
    assign.mockImplementation(() => {
      throw new Error('blocked');
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to initiate Google login');
    expect(sessionStorage.getItem('googleSignInPending')).toBeNull();
  });
});
