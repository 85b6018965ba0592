import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { siteRoutes } from '../../src-site/routes';
import { fakeApi, fakeChrome, profile } from './siteHarness';

function openSettings() {
  const router = createMemoryRouter(siteRoutes, { initialEntries: ['/dashboard/settings'] });
  render(<RouterProvider router={router} />);
  return router;
}

/** The site's API with the revoke call answering `revoke` (a 204 has no body, which fakeApi cannot build). */
function api(revoke: () => Promise<Response>) {
  const others = fakeApi({ 'GET /api/auth/me': { body: profile() } });
  const mock = vi.fn((url: string, init: RequestInit = {}) =>
    url === '/api/auth/sessions/revoke-all' && init.method === 'POST' ? revoke() : others(url, init),
  );
  vi.stubGlobal('fetch', mock);
  return mock;
}
const noContent = async () => new Response(null, { status: 204 });
const json = (status: number, body: unknown) => async () =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

async function pressSignOutEverywhere() {
  const card = (await screen.findByRole('heading', { name: 'Account Information' })).closest('section')!;
  const button = within(card).getByRole('button', { name: 'Sign out of all devices' });
  await userEvent.setup().click(button);
}

beforeEach(() => {
  localStorage.setItem('authToken', 'tok-here');
  vi.stubGlobal('chrome', undefined);
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('Settings: Sign out of all devices', () => {
  it('revokes every session on the server, forgets this one, tells the extension and returns to sign-in', async () => {
    const fetchMock = api(noContent);
    const sent = fakeChrome('answers');
    const router = openSettings();
    await pressSignOutEverywhere();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/login'));
    const revoke = fetchMock.mock.calls.find(([url]) => url === '/api/auth/sessions/revoke-all')!;
    expect(revoke[1]).toMatchObject({ method: 'POST', headers: { Authorization: 'Bearer tok-here' } });
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('user_profile')).toBeNull();
    expect(sent).toContainEqual(expect.objectContaining({ action: 'LOGOUT' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
  });

  it('when this session was already revoked elsewhere (401), still signs out here', async () => {
    api(json(401, { message: 'Please sign in to continue.' }));
    const router = openSettings();
    await pressSignOutEverywhere();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/login'));
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('when the server fails, says so and keeps the user signed in on Settings', async () => {
    api(json(500, { message: 'Internal error' }));
    const router = openSettings();
    await pressSignOutEverywhere();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not sign out of all devices. Please try again.',
    );
    expect(router.state.location.pathname).toBe('/dashboard/settings');
    expect(localStorage.getItem('authToken')).toBe('tok-here');
    expect(screen.getByRole('button', { name: 'Sign out of all devices' })).toBeEnabled();
  });

  it('is disabled while the request is on its way', async () => {
    let answer: (r: Response) => void = () => undefined;
    api(() => new Promise<Response>((resolve) => (answer = resolve)));
    const router = openSettings();
    await pressSignOutEverywhere();
    expect(screen.getByRole('button', { name: 'Signing out…' })).toBeDisabled();
    answer(new Response(null, { status: 204 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/login'));
  });
});
