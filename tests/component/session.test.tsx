import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { SessionProvider, useSession } from '../../src/session/SessionProvider';
import { markGoogleSignInPending } from '../../src/session/googleHandOff';
import { fakeApi, fakeChrome, profile } from './siteHarness';

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

let api: ReturnType<typeof useSession>;
function Probe() {
  const session = useSession();
  api = session;
  const [error, setError] = useState('');
  return (
    <div>
      <p data-testid="status">{session.status}</p>
      <p data-testid="user">{session.user?.email ?? ''}</p>
      <p data-testid="error">{session.error ?? ''}</p>
      <p data-testid="action-error">{error}</p>
      <button
        onClick={() =>
          session.login('erin@example.com', 'pw-123456').catch((e: Error) => setError(e.message))
        }
      >
        login
      </button>
      <button
        onClick={() =>
          session.register('erin@example.com', 'pw-123456', 'Erin').catch((e: Error) => setError(e.message))
        }
      >
        register
      </button>
    </div>
  );
}
const mount = () =>
  render(
    <SessionProvider>
      <Probe />
    </SessionProvider>,
  );
const text = (id: string) => screen.getByTestId(id).textContent;

describe('session (docs/product.md#session-in-the-browser)', () => {
  it('starts loading, and without a token becomes unauthenticated with no call', async () => {
    const fetchMock = fakeApi({});
    mount();
    await waitFor(() => expect(text('status')).toBe('unauthenticated'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('back from its own Google sign-in, trades the auth_token code for a session, removes it from the address bar, and loads the profile with it', async () => {
    markGoogleSignInPending();
    window.history.replaceState(null, '', '/dashboard?auth_token=tok-url&tab=x#top');
    const fetchMock = fakeApi({
      'POST /api/auth/google/exchange': { body: { token: 'tok-session' } },
      'GET /api/auth/me': { body: profile() },
    });
    mount();
    expect(window.location.search).toBe('?tab=x');
    expect(window.location.hash).toBe('#top');
    await waitFor(() => expect(text('status')).toBe('authenticated'));
    expect(localStorage.getItem('authToken')).toBe('tok-session');
    expect((fetchMock.mock.calls[1][1] as RequestInit).headers).toMatchObject({
      Authorization: 'Bearer tok-session',
    });
  });

  it('an auth_token this tab did not ask for is removed from the address bar and ignored', async () => {
    localStorage.setItem('authToken', 'tok-stored');
    window.history.replaceState(null, '', '/dashboard?auth_token=tok-planted&tab=x');
    const fetchMock = fakeApi({ 'GET /api/auth/me': { body: profile({ email: 'stored@example.com' }) } });
    mount();
    expect(window.location.search).toBe('?tab=x');
    await waitFor(() => expect(text('user')).toBe('stored@example.com'));
    expect(localStorage.getItem('authToken')).toBe('tok-stored');
    expect((fetchMock.mock.calls[0][1] as RequestInit).headers).toMatchObject({
      Authorization: 'Bearer tok-stored',
    });
  });

  it('uses the stored token and caches the profile as user_profile', async () => {
    localStorage.setItem('authToken', 'tok-stored');
    fakeApi({ 'GET /api/auth/me': { body: profile({ email: 'stored@example.com' }) } });
    mount();
    await waitFor(() => expect(text('user')).toBe('stored@example.com'));
    expect(JSON.parse(localStorage.getItem('user_profile')!).email).toBe('stored@example.com');
  });

  it('clears the token and the cached profile when the profile call fails, and says so', async () => {
    localStorage.setItem('authToken', 'tok-old');
    localStorage.setItem('user_profile', JSON.stringify(profile()));
    fakeApi({ 'GET /api/auth/me': { status: 401, body: { message: 'Please sign in to continue.' } } });
    mount();
    await waitFor(() => expect(text('status')).toBe('unauthenticated'));
    expect(text('error')).toBe('Failed to fetch user profile');
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('user_profile')).toBeNull();
  });

  it('login stores the returned token, then loads the profile', async () => {
    fakeApi({
      'POST /api/auth/login': { body: { token: 'tok-new' } },
      'GET /api/auth/me': { body: profile() },
    });
    mount();
    await waitFor(() => expect(text('status')).toBe('unauthenticated'));
    await act(async () => screen.getByText('login').click());
    await waitFor(() => expect(text('status')).toBe('authenticated'));
    expect(localStorage.getItem('authToken')).toBe('tok-new');
  });

  it.each([
    ['login', { status: 401, body: { message: 'Invalid email or password' } }, 'Invalid email or password'],
    ['login', { status: 500, body: {} }, 'Login failed'],
    ['login', { status: 200, body: {} }, 'No token received'],
    [
      'register',
      {
        status: 409,
        body: { message: 'An account with this email already exists. Please sign in instead.' },
      },
      'An account with this email already exists. Please sign in instead.',
    ],
    ['register', { status: 502, body: 'gateway' }, 'Registration failed'],
    ['register', { status: 200, body: { message: 'ok' } }, 'No token received'],
  ])('%s failing with %j reports "%s" and stores nothing', async (action, reply, message) => {
    fakeApi({ [`POST /api/auth/${action}`]: reply });
    mount();
    await waitFor(() => expect(text('status')).toBe('unauthenticated'));
    await act(async () => screen.getByText(action).click());
    await waitFor(() => expect(text('action-error')).toBe(message));
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('logout clears locally without a server call and tells the extension', async () => {
    localStorage.setItem('authToken', 'tok');
    const fetchMock = fakeApi({ 'GET /api/auth/me': { body: profile() } });
    const sent = fakeChrome('answers');
    mount();
    await waitFor(() => expect(text('status')).toBe('authenticated'));
    fetchMock.mockClear();
    act(() => api.logout());
    expect(text('status')).toBe('unauthenticated');
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('user_profile')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(sent).toEqual([expect.objectContaining({ action: 'LOGOUT' })]);
  });
});
