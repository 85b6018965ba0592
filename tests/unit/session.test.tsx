// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider, useSession, type Session } from '../../src/session/SessionProvider';
import { markGoogleSignInPending } from '../../src/session/googleHandOff';
import { json, profile } from '../component/siteHarness';

const PROFILE = profile({ email: 'ada@example.com' });

let current: Session;
function Probe() {
  current = useSession();
  return (
    <p data-testid="state">
      {current.status}|{current.user?.email ?? '-'}|{current.error ?? '-'}
    </p>
  );
}
const state = () => screen.getByTestId('state').textContent;
const mount = () =>
  render(
    <SessionProvider>
      <Probe />
    </SessionProvider>,
  );

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/dashboard');
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('chrome', undefined);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('session start', () => {
  it('is unauthenticated without a token and asks nothing of the server', async () => {
    mount();
    await waitFor(() => expect(state()).toBe('unauthenticated|-|-'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('uses the stored authToken: GET /api/auth/me with the bearer header, and caches the profile', async () => {
    localStorage.setItem('authToken', 'stored-token');
    fetchMock.mockResolvedValue(json(200, PROFILE));
    mount();
    await waitFor(() => expect(state()).toBe('authenticated|ada@example.com|-'));
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/auth/me');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer stored-token');
    expect(JSON.parse(localStorage.getItem('user_profile') ?? '{}')).toMatchObject({
      email: 'ada@example.com',
    });
  });

  it('after Continue with Google, trades the auth_token code for a session, stores it and removes the code from the URL, keeping other parameters', async () => {
    localStorage.setItem('authToken', 'old-token');
    markGoogleSignInPending();
    window.history.replaceState(null, '', '/dashboard?auth_token=handed-code&tab=1#top');
    fetchMock.mockImplementation(async (url: string) =>
      url === '/api/auth/google/exchange' ? json(200, { token: 'google-session' }) : json(200, PROFILE),
    );
    mount();
    expect(window.location.search).toBe('?tab=1');
    await waitFor(() => expect(state()).toBe('authenticated|ada@example.com|-'));
    expect(current.googleHandOff).toBe(true);
    expect(localStorage.getItem('authToken')).toBe('google-session');
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe(
      '/dashboard?tab=1#top',
    );
    const [[exchangeUrl, exchange], [meUrl, me]] = fetchMock.mock.calls as [string, RequestInit][];
    expect([exchangeUrl, exchange.method, JSON.parse(String(exchange.body))]).toEqual([
      '/api/auth/google/exchange',
      'POST',
      { code: 'handed-code' },
    ]);
    expect(meUrl).toBe('/api/auth/me');
    expect((me.headers as Record<string, string>).Authorization).toBe('Bearer google-session');
    act(() => current.finishGoogleHandOff());
    expect(current.googleHandOff).toBe(false);
  });

  it('a hand-off code the server refuses leaves a signed-out tab signed out, saying Google sign-in failed', async () => {
    markGoogleSignInPending();
    window.history.replaceState(null, '', '/dashboard?auth_token=used-code');
    fetchMock.mockResolvedValue(
      json(400, { message: 'This sign-in has expired. Please continue with Google again.' }),
    );
    mount();
    await waitFor(() => expect(state()).toBe('unauthenticated|-|Failed to initiate Google login'));
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(window.location.search).toBe('');
  });

  it('a planted auth_token (no Google sign-in pending in this tab) is removed and ignored: the own session stays', async () => {
    localStorage.setItem('authToken', 'my-token');
    window.history.replaceState(null, '', '/dashboard?auth_token=attackers-token&tab=1');
    fetchMock.mockResolvedValue(json(200, PROFILE));
    mount();
    expect(`${window.location.pathname}${window.location.search}`).toBe('/dashboard?tab=1');
    await waitFor(() => expect(state()).toBe('authenticated|ada@example.com|-'));
    expect(current.googleHandOff).toBe(false);
    expect(localStorage.getItem('authToken')).toBe('my-token');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer my-token');
  });

  it('a planted auth_token in a signed-out browser signs nobody in and asks the server nothing', async () => {
    window.history.replaceState(null, '', '/?auth_token=attackers-token');
    mount();
    await waitFor(() => expect(state()).toBe('unauthenticated|-|-'));
    expect(window.location.search).toBe('');
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a Google sign-in pending for longer than ten minutes no longer takes a token', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      markGoogleSignInPending();
      vi.setSystemTime(Date.now() + 10 * 60_000 + 1);
      window.history.replaceState(null, '', '/dashboard?auth_token=late-token');
      mount();
      await waitFor(() => expect(state()).toBe('unauthenticated|-|-'));
      expect(localStorage.getItem('authToken')).toBeNull();
      expect(window.location.search).toBe('');
    } finally {
      vi.useRealTimers();
    }
  });

  it('a failed profile load clears the token and the cached profile and says so', async () => {
    localStorage.setItem('authToken', 'expired');
    localStorage.setItem('user_profile', JSON.stringify(PROFILE));
    fetchMock.mockResolvedValue(json(401, { message: 'Invalid token' }));
    mount();
    await waitFor(() => expect(state()).toBe('unauthenticated|-|Failed to fetch user profile'));
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('user_profile')).toBeNull();
  });

  it('a network failure on the profile load does the same', async () => {
    localStorage.setItem('authToken', 'tok');
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    mount();
    await waitFor(() => expect(state()).toBe('unauthenticated|-|Failed to fetch user profile'));
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('a profile call cut off because the page is reloading keeps the session for the next page', async () => {
    localStorage.setItem('authToken', 'tok');
    let cutOff!: (err: Error) => void;
    fetchMock.mockReturnValue(new Promise((_resolve, reject) => (cutOff = reject)));
    mount();
    window.dispatchEvent(new Event('pagehide'));
    cutOff(new TypeError('Failed to fetch'));
    await new Promise((r) => setTimeout(r, 20));
    expect(localStorage.getItem('authToken')).toBe('tok');
    expect(state()).toBe('loading|-|-');
    window.dispatchEvent(new Event('pageshow'));
  });
});

describe('login and register', () => {
  it('login stores the token, then loads the profile', async () => {
    mount();
    await waitFor(() => expect(state()).toBe('unauthenticated|-|-'));
    fetchMock
      .mockResolvedValueOnce(json(200, { token: 'new-token' }))
      .mockResolvedValueOnce(json(200, PROFILE));
    await act(() => current.login({ email: 'ada@example.com', password: 'secret1' }));
    expect(state()).toBe('authenticated|ada@example.com|-');
    expect(localStorage.getItem('authToken')).toBe('new-token');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/auth/login');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'ada@example.com', password: 'secret1' });
  });

  it.each([
    ['login', json(401, { message: 'Invalid credentials' }), 'Invalid credentials'],
    ['login', new Response('', { status: 500 }), 'Login failed'],
    ['login', json(200, {}), 'No token received'],
    [
      'register',
      json(409, { message: 'An account with this email already exists. Please sign in instead.' }),
      'An account with this email already exists. Please sign in instead.',
    ],
    ['register', new Response('', { status: 502 }), 'Registration failed'],
    ['register', json(200, { message: 'ok' }), 'No token received'],
  ] as const)('%s answered %o fails with "%s" and stores nothing', async (action, reply, message) => {
    mount();
    await waitFor(() => expect(state()).toBe('unauthenticated|-|-'));
    fetchMock.mockResolvedValueOnce(reply);
    const attempt =
      action === 'login'
        ? () => current.login({ email: 'ada@example.com', password: 'nope' })
        : () => current.register({ email: 'a@b.co', password: 'secret1', displayName: 'Ada' });
    await expect(act(attempt)).rejects.toThrow(message);
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(state()).toBe('unauthenticated|-|-');
  });

  it('register posts the display name, stores the token and loads the profile', async () => {
    mount();
    await waitFor(() => expect(state()).toBe('unauthenticated|-|-'));
    fetchMock.mockResolvedValueOnce(json(201, { token: 't2' })).mockResolvedValueOnce(json(200, PROFILE));
    await act(() => current.register({ email: 'a@b.co', password: 'secret1', displayName: 'Ada' }));
    expect(state()).toBe('authenticated|ada@example.com|-');
    expect(localStorage.getItem('authToken')).toBe('t2');
    const body = JSON.parse(String((fetchMock.mock.calls[0] as [string, RequestInit])[1].body));
    expect(body).toEqual({ email: 'a@b.co', password: 'secret1', displayName: 'Ada' });
  });
});

describe('logout', () => {
  it('ends the session on the server (POST /api/auth/logout with the token), then clears both keys and tells the extension', async () => {
    const sendMessage = vi.fn((_id: string, _m: unknown, cb: (r: unknown) => void) => cb({ success: true }));
    vi.stubGlobal('chrome', { runtime: { sendMessage } });
    localStorage.setItem('authToken', 'tok');
    fetchMock.mockResolvedValue(json(200, PROFILE));
    mount();
    await waitFor(() => expect(state()).toBe('authenticated|ada@example.com|-'));
    const callsBefore = fetchMock.mock.calls.length;
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await act(() => current.logout());
    expect(state()).toBe('unauthenticated|-|-');
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('user_profile')).toBeNull();
    const [url, init] = fetchMock.mock.calls[callsBefore] as [string, RequestInit];
    expect(url).toBe('/api/auth/logout');
    expect(init).toMatchObject({ method: 'POST', headers: { Authorization: 'Bearer tok' } });
    expect(fetchMock.mock.calls.length).toBe(callsBefore + 1);
    expect(sendMessage).toHaveBeenCalledWith(
      'lmibpnjnijhijcmdkmidjkmpenfaiekc',
      expect.objectContaining({ action: 'LOGOUT' }),
      expect.any(Function),
    );
  });

  it('forget (the server ended the session already) clears both keys, calls no server, and tells the extension', async () => {
    const sendMessage = vi.fn((_id: string, _m: unknown, cb: (r: unknown) => void) => cb({ success: true }));
    vi.stubGlobal('chrome', { runtime: { sendMessage } });
    localStorage.setItem('authToken', 'tok');
    fetchMock.mockResolvedValue(json(200, PROFILE));
    mount();
    await waitFor(() => expect(state()).toBe('authenticated|ada@example.com|-'));
    const callsBefore = fetchMock.mock.calls.length;
    act(() => current.forget());
    expect(state()).toBe('unauthenticated|-|-');
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('user_profile')).toBeNull();
    expect(fetchMock.mock.calls.length).toBe(callsBefore);
    expect(sendMessage).toHaveBeenCalledWith(
      'lmibpnjnijhijcmdkmidjkmpenfaiekc',
      expect.objectContaining({ action: 'LOGOUT' }),
      expect.any(Function),
    );
  });

  it('signing out in another tab signs out here too', async () => {
    localStorage.setItem('authToken', 'tok');
    fetchMock.mockResolvedValue(json(200, PROFILE));
    mount();
    await waitFor(() => expect(state()).toBe('authenticated|ada@example.com|-'));
    act(() => {
      localStorage.removeItem('authToken');
      window.dispatchEvent(new StorageEvent('storage', { key: 'authToken', newValue: null }));
    });
    expect(state()).toBe('unauthenticated|-|-');
  });
});
