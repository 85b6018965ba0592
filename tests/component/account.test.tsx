import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { siteRoutes } from '../../src-site/routes';
import { json, profile } from './siteHarness';

const PROFILE = profile({ displayName: 'Ada Lovelace', name: 'Ada Lovelace', email: 'ada@example.com' });

/** Answers by path; each handler may be replaced per test. */
type Handler = (init: RequestInit) => Response | Promise<Response>;
let handlers: Record<string, Handler>;
let fetchMock: ReturnType<typeof vi.fn>;

function renderAt(path: string) {
  const router = createMemoryRouter(siteRoutes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}
const at = (router: ReturnType<typeof renderAt>) => router.state.location.pathname;

/** A Chrome-like browser with the extension installed: it answers at once. */
function withExtension() {
  const sendMessage = vi.fn((_id: string, _m: unknown, cb: (r: unknown) => void) => cb({ success: true }));
  vi.stubGlobal('chrome', { runtime: { sendMessage } });
  return sendMessage;
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  localStorage.clear();
  vi.stubGlobal('chrome', undefined);
  handlers = {
    '/api/auth/me': () => json(200, PROFILE),
    '/api/auth/login': () => json(200, { token: 'tok-login' }),
    '/api/auth/register': () => json(201, { token: 'tok-register' }),
  };
  fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    const handler = handlers[new URL(url, 'http://x').pathname];
    if (!handler) throw new Error(`unexpected ${url}`);
    return handler(init);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Switches to a clock that moves only when told, then lets pending promises settle until `done` holds. */
async function settleUntil(done: () => boolean) {
  for (let i = 0; i < 50 && !done(); i++) await act(() => vi.advanceTimersByTimeAsync(0));
  expect(done()).toBe(true);
}

async function fillLogin(email: string, password: string) {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  return user;
}

describe('sign-in and register', () => {
  it('signs in and goes straight to the dashboard when there is no extension', async () => {
    const router = renderAt('/dashboard/login');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.getByText('Sign in to continue')).toBeInTheDocument();
    await fillLogin('ada@example.com', 'secret1');
    await waitFor(() => expect(at(router)).toBe('/dashboard'));
    expect(await screen.findByRole('heading', { name: 'Hi, Ada Lovelace' })).toBeInTheDocument();
    expect(localStorage.getItem('authToken')).toBe('tok-login');
  });

  it('with the extension installed, asks it to open its dashboard and redirects 2 s later', async () => {
    const sendMessage = withExtension();
    const router = renderAt('/dashboard/login');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await settleUntil(() => sendMessage.mock.calls.length > 0);
    expect(sendMessage).toHaveBeenCalledWith(
      'lmibpnjnijhijcmdkmidjkmpenfaiekc',
      expect.objectContaining({ action: 'openDashboard' }),
      expect.any(Function),
    );
    await act(() => vi.advanceTimersByTimeAsync(1999));
    expect(at(router)).toBe('/dashboard/login');
    await act(() => vi.advanceTimersByTimeAsync(1));
    await vi.waitFor(() => expect(at(router)).toBe('/dashboard'));
  });

  it("shows the server's message on bad credentials and stores nothing", async () => {
    handlers['/api/auth/login'] = () => json(401, { message: 'Invalid credentials' });
    const router = renderAt('/dashboard/login');
    await fillLogin('ada@example.com', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid credentials');
    expect(at(router)).toBe('/dashboard/login');
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('register lands on the dashboard with the welcome message', async () => {
    const router = renderAt('/dashboard/register');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(await screen.findByLabelText('Display Name'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Email'), 'new@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(at(router)).toBe('/dashboard'));
    expect(await screen.findByRole('heading', { name: 'Hi, Ada Lovelace' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Welcome to Postkeeper! Get started with our free plan or upgrade to Premium for unlimited saves and AI features.',
      ),
    ).toBeInTheDocument();
  });

  it('the toggle switches between the two modes', async () => {
    const router = renderAt('/dashboard/login');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: "Don't have an account? Create one" }));
    expect(await screen.findByRole('heading', { name: 'Create Account' })).toBeInTheDocument();
    expect(at(router)).toBe('/dashboard/register');
    await user.click(screen.getByRole('button', { name: 'Already have an account? Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
  });

  it('/login, /register and /settings are client redirects', async () => {
    const r1 = renderAt('/login');
    await waitFor(() => expect(at(r1)).toBe('/dashboard/login'));
    cleanup();
    const r2 = renderAt('/register');
    await waitFor(() => expect(at(r2)).toBe('/dashboard/register'));
  });
});

describe('guards', () => {
  it('sends a visitor without a session to sign-in, then back to where they were going', async () => {
    const router = renderAt('/dashboard/settings');
    await waitFor(() => expect(at(router)).toBe('/dashboard/login'));
    await fillLogin('ada@example.com', 'secret1');
    await waitFor(() => expect(at(router)).toBe('/dashboard/settings'));
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument();
  });

  it("a stored token whose profile fails to load ends on sign-in with 'Failed to fetch user profile'", async () => {
    localStorage.setItem('authToken', 'expired');
    handlers['/api/auth/me'] = () => json(401, { message: 'Invalid token' });
    const router = renderAt('/dashboard');
    await waitFor(() => expect(at(router)).toBe('/dashboard/login'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch user profile');
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('a signed-in visitor at /dashboard/login goes to the dashboard', async () => {
    localStorage.setItem('authToken', 'tok');
    const router = renderAt('/dashboard/login');
    await waitFor(() => expect(at(router)).toBe('/dashboard'));
  });
});

describe('dashboard Extension button', () => {
  it('Extension alerts when the extension does not answer', async () => {
    localStorage.setItem('authToken', 'tok');
    vi.stubGlobal('chrome', { runtime: { sendMessage: vi.fn() } });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderAt('/dashboard');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: 'Extension' }));
    await act(() => vi.advanceTimersByTimeAsync(1500));
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith(
        'Chrome extension not found. Please install the Postkeeper Chrome extension.',
      ),
    );
  });
});

describe('upgrade', () => {
  it('upgrade compares the plans', async () => {
    renderAt('/upgrade');
    expect(await screen.findByRole('heading', { name: 'Upgrade to Pro' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Free · \$0/ })).toBeInTheDocument();
  });
});
