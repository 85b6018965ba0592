import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { siteRoutes } from '../../src-site/routes';
import { TIMINGS } from '../../src/config';
import { fakeApi, fakeChrome, profile } from './siteHarness';

/** The site's API with POST /api/auth/logout answering `logout` (a 204 has no body, which fakeApi cannot build). */
function api(logout: (init: RequestInit) => Promise<Response>) {
  const others = fakeApi({ 'GET /api/auth/me': { body: profile() } });
  const mock = vi.fn((url: string, init: RequestInit = {}) =>
    url === '/api/auth/logout' && init.method === 'POST' ? logout(init) : others(url, init),
  );
  vi.stubGlobal('fetch', mock);
  return mock;
}
const logoutCalls = (mock: ReturnType<typeof api>) =>
  mock.mock.calls.filter(([url, init]) => url === '/api/auth/logout' && init?.method === 'POST');
const json = (status: number, body: unknown) => async () =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
/** A server that never answers: the request ends only when the browser aborts it. */
const silent = (init: RequestInit) =>
  new Promise<Response>((_resolve, reject) =>
    init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
  );

function openDashboard() {
  const router = createMemoryRouter(siteRoutes, { initialEntries: ['/dashboard'] });
  render(<RouterProvider router={router} />);
  return router;
}

async function pressLogout() {
  await userEvent.setup().click(await screen.findByRole('button', { name: 'Logout' }));
}

function expectSignedOutHere(sent: unknown[]) {
  expect(localStorage.getItem('authToken')).toBeNull();
  expect(localStorage.getItem('user_profile')).toBeNull();
  expect(sent).toContainEqual(expect.objectContaining({ action: 'LOGOUT' }));
}

beforeEach(() => {
  localStorage.setItem('authToken', 'tok-here');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('the dashboard header’s Logout', () => {
  it('ends the session on the server with its token, then forgets it here, tells the extension and shows sign-in', async () => {
    let storedWhenCalled: string | null = 'unset';
    const fetchMock = api(async () => {
      storedWhenCalled = localStorage.getItem('authToken');
      return new Response(null, { status: 204 });
    });
    const sent = fakeChrome('answers');
    const router = openDashboard();
    await pressLogout();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/login'));
    const calls = logoutCalls(fetchMock);
    expect(calls).toHaveLength(1);
    expect(calls[0][1]).toMatchObject({ method: 'POST', headers: { Authorization: 'Bearer tok-here' } });
    // The server is asked first: the browser still held the token when the call went out.
    expect(storedWhenCalled).toBe('tok-here');
    expectSignedOutHere(sent);
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
  });

  it.each([
    ['the network fails', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['the session is already gone (401)', json(401, { message: 'Please sign in to continue.' })],
    ['the server fails (500)', json(500, { message: 'Something went wrong on our side. Please try again.' })],
  ])('signs out here all the same when %s', async (_case, answer) => {
    const fetchMock = api(answer);
    const sent = fakeChrome('answers');
    const router = openDashboard();
    await pressLogout();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/login'));
    expect(logoutCalls(fetchMock)).toHaveLength(1);
    expectSignedOutHere(sent);
  });

  it('gives up on a server that never answers after TIMINGS.logoutTimeoutMs and signs out here', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = api(silent);
    const sent = fakeChrome('answers');
    const router = openDashboard();
    await pressLogout();
    await waitFor(() => expect(logoutCalls(fetchMock)).toHaveLength(1));
    // Waiting on the server: still signed in, the button held so a second press sends nothing more.
    expect(localStorage.getItem('authToken')).toBe('tok-here');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.logoutTimeoutMs));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/login'));
    expect(logoutCalls(fetchMock)[0][1]?.signal?.aborted).toBe(true);
    expectSignedOutHere(sent);
  });
});
