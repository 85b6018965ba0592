import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { markGoogleSignInPending } from '../../src/session/googleHandOff';
import { LandingPage } from '../../src-site/landing/LandingPage';
import { fakeApi, profile, renderSite } from './siteHarness';

// docs/product.md: an account the server made admin lands in the console; everyone else stays on the landing page.

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

const renderLanding = () =>
  renderSite(
    [
      { path: '/', element: <LandingPage /> },
      { path: '/admin', element: <h1>Admin console</h1> },
    ],
    '/',
  ).router;
/** Long enough for a redirect that is not coming to have come. */
const settle = () => new Promise((r) => setTimeout(r, 20));

describe('LandingPage admin redirect', () => {
  it('sends a signed-in account that the server made admin (its role in /auth/me) to /admin, whatever its email', async () => {
    localStorage.setItem('authToken', 'tok-admin');
    // An operator from the server's own ADMIN_EMAILS, which this bundle knows nothing about.
    const fetchMock = fakeApi({
      'GET /api/auth/me': { body: profile({ email: 'ops@company.test', role: 'admin' }) },
    });
    const router = renderLanding();
    expect(await screen.findByRole('heading', { name: 'Admin console' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/me');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok-admin');
  });

  it.each([
    ['another account', profile({ email: 'user@example.com' })],
    // The demo admin's address is no admin unless the server says so.
    [
      'an account with the demo admin address the server did not make admin',
      profile({ email: 'admin@example.com' }),
    ],
  ])('keeps %s on the landing page', async (_who, me) => {
    localStorage.setItem('authToken', 'tok-user');
    const fetchMock = fakeApi({ 'GET /api/auth/me': { body: me } });
    const router = renderLanding();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await settle();
    expect(router.state.location.pathname).toBe('/');
  });

  it('keeps a visitor without a token on the landing page, asking the server nothing', async () => {
    const fetchMock = fakeApi({});
    const router = renderLanding();
    await settle();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/');
  });

  it('a failed profile call leaves the visitor on the landing page', async () => {
    localStorage.setItem('authToken', 'expired');
    const fetchMock = fakeApi({ 'GET /api/auth/me': { status: 401, body: { message: 'Unauthorized' } } });
    const router = renderLanding();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await settle();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Save the posts worth keeping');
  });
});

describe('LandingPage admin redirect with a token in the URL', () => {
  it('trades an auth_token code handed over in the address bar after this tab’s Google sign-in', async () => {
    markGoogleSignInPending();
    window.history.replaceState(null, '', '/?auth_token=code-from-url');
    const fetchMock = fakeApi({
      'POST /api/auth/google/exchange': { body: { token: 'tok-from-google' } },
      'GET /api/auth/me': { body: profile({ email: 'ops@company.test', role: 'admin' }) },
    });
    renderLanding();
    expect(await screen.findByRole('heading', { name: 'Admin console' })).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok-from-google');
  });

  it('a planted admin token in the address bar is dropped: the visitor stays a visitor on the landing page', async () => {
    window.history.replaceState(null, '', '/?auth_token=tok-admin');
    const fetchMock = fakeApi({
      'GET /api/auth/me': { body: profile({ email: 'ops@company.test', role: 'admin' }) },
    });
    const router = renderSite([{ path: '/', element: <LandingPage /> }], '/?auth_token=tok-admin').router;
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await settle();
    expect(window.location.search).toBe('');
    expect(router.state.location.pathname).toBe('/');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(localStorage.getItem('authToken')).toBeNull();
  });
});
