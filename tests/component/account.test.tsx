import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { siteRoutes } from '../../src-site/routes';

const PROFILE = {
  _id: 'u1',
  displayName: 'Ada Lovelace',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  plan: 'free',
  subscriptionStatus: null,
  role: 'user',
  emailVerified: false,
  adsDisabled: false,
  storageUsed: 0,
  storageLimit: 1073741824,
  createdAt: '2026-11-01T00:00:00.000Z',
  flaggedForAbuse: false,
  lastFlaggedReason: null,
  flaggedAt: null,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

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
      'kpnbmlgoefjdchkbhpdcnlfjhhagbaeo',
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

  it("register requires a display name: 'Display name is required', nothing sent", async () => {
    renderAt('/dashboard/register');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    expect(await screen.findByRole('heading', { name: 'Create Account' })).toBeInTheDocument();
    expect(screen.getByText('Join Postkeeper today')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'new@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Display Name'), '   ');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Display name is required');
    expect(fetchMock).not.toHaveBeenCalledWith('/api/auth/register', expect.anything());
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

  it("a failed Google sign-in comes back as ?error=google and says 'Failed to initiate Google login'", async () => {
    renderAt('/dashboard/login?error=google');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to initiate Google login');
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

  it('sends an admin at /dashboard to /admin', async () => {
    localStorage.setItem('authToken', 'admin-token');
    handlers['/api/auth/me'] = () => json(200, { ...PROFILE, email: 'admin@example.com', role: 'admin' });
    const router = renderAt('/dashboard');
    await waitFor(() => expect(at(router)).toBe('/admin'));
  });

  it('a signed-in visitor at /dashboard/login goes to the dashboard', async () => {
    localStorage.setItem('authToken', 'tok');
    const router = renderAt('/dashboard/login');
    await waitFor(() => expect(at(router)).toBe('/dashboard'));
  });
});

describe('dashboard header', () => {
  it.each([
    ['premium', 'trialing', 'Trial'],
    ['premium', 'active', 'Premium'],
    ['premium', 'past_due', 'Past Due'],
    ['premium', 'canceled', 'Expired'],
  ])('plan %s / %s shows the badge %s', async (plan, subscriptionStatus, label) => {
    localStorage.setItem('authToken', 'tok');
    handlers['/api/auth/me'] = () => json(200, { ...PROFILE, plan, subscriptionStatus });
    renderAt('/dashboard');
    expect(await screen.findByTestId('plan-badge')).toHaveTextContent(label);
  });

  it('shows no badge on the free plan, and the name and email', async () => {
    localStorage.setItem('authToken', 'tok');
    renderAt('/dashboard');
    expect(await screen.findByText('ada@example.com')).toBeInTheDocument();
    expect(screen.queryByTestId('plan-badge')).toBeNull();
  });

  it('Extension alerts when the browser is not Chrome', async () => {
    localStorage.setItem('authToken', 'tok');
    vi.stubGlobal('navigator', {
      ...navigator,
      userAgent: 'Mozilla/5.0 Firefox/132.0',
      userAgentData: undefined,
    });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderAt('/dashboard');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: 'Extension' }));
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith(
        'This feature requires the Chrome browser with the Postkeeper extension installed.',
      ),
    );
  });

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

  it('Logout clears the session and returns to sign-in', async () => {
    localStorage.setItem('authToken', 'tok');
    const router = renderAt('/dashboard');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(at(router)).toBe('/dashboard/login'));
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('user_profile')).toBeNull();
  });
});

describe('forgot password', () => {
  async function submit(email = 'ada@example.com') {
    renderAt('/dashboard/forgot-password');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(await screen.findByLabelText('Email'), email);
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
  }

  it('answers the same whether or not the account exists', async () => {
    handlers['/api/auth/request-password-reset'] = () => json(200, { message: 'ok' });
    await submit();
    expect(await screen.findByRole('status')).toHaveTextContent(
      "If an account with that email exists, we've sent you a password reset link.",
    );
  });

  it("shows the server's message, or 'Failed to send reset email' without one", async () => {
    handlers['/api/auth/request-password-reset'] = () => json(429, { message: 'Too many requests' });
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests');
    cleanup();
    handlers['/api/auth/request-password-reset'] = () => new Response('', { status: 500 });
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to send reset email');
  });

  it("says 'Network error. Please try again.' when the request never arrives", async () => {
    handlers['/api/auth/request-password-reset'] = () => Promise.reject(new TypeError('Failed to fetch'));
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error. Please try again.');
  });
});

describe('reset password', () => {
  async function fill(path: string, password: string, confirm: string) {
    const router = renderAt(path);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(await screen.findByLabelText('New Password'), password);
    await user.type(screen.getByLabelText('Confirm New Password'), confirm);
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    return router;
  }

  it("without a token: 'Invalid or missing reset token. Please request a new password reset.'", async () => {
    renderAt('/dashboard/reset-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid or missing reset token. Please request a new password reset.',
    );
    expect(screen.queryByLabelText('New Password')).toBeNull();
  });

  it("'Passwords do not match' and 'Password must be at least 6 characters long' are checked before sending", async () => {
    handlers['/api/auth/reset-password'] = vi.fn(() => json(200, { message: 'done' }));
    await fill('/dashboard/reset-password?token=abc', 'secret1', 'secret2');
    expect(await screen.findByRole('alert')).toHaveTextContent('Passwords do not match');
    cleanup();
    await fill('/dashboard/reset-password?token=abc', '12345', '12345');
    expect(await screen.findByRole('alert')).toHaveTextContent('Password must be at least 6 characters long');
    expect(handlers['/api/auth/reset-password']).not.toHaveBeenCalled();
  });

  it("shows the server's message for a used or expired token", async () => {
    handlers['/api/auth/reset-password'] = () => json(400, { message: 'Invalid or expired reset token' });
    await fill('/dashboard/reset-password?token=old', 'secret1', 'secret1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid or expired reset token');
  });

  it("on success shows 'Redirecting to login in 3 seconds...' and goes to sign-in after 3 s", async () => {
    handlers['/api/auth/reset-password'] = (init) => {
      expect(JSON.parse(String(init.body))).toEqual({ token: 'abc', newPassword: 'secret1' });
      return json(200, { message: 'Password has been reset successfully' });
    };
    const router = renderAt('/dashboard/reset-password?token=abc');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(await screen.findByLabelText('New Password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm New Password'), 'secret1');
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    await settleUntil(() => screen.queryByText('Redirecting to login in 3 seconds...') !== null);
    expect(screen.getByText('Password has been reset successfully')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2999));
    expect(at(router)).toBe('/dashboard/reset-password');
    await act(() => vi.advanceTimersByTimeAsync(1));
    await vi.waitFor(() => expect(at(router)).toBe('/dashboard/login'));
  });
});

describe('settings and upgrade', () => {
  it('settings shows the account information', async () => {
    localStorage.setItem('authToken', 'tok');
    renderAt('/dashboard/settings');
    expect(await screen.findByRole('heading', { name: 'Account Information' })).toBeInTheDocument();
    expect(screen.getByText('Not Verified')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Data & Privacy' })).toBeInTheDocument();
  });

  it('upgrade compares the plans', async () => {
    renderAt('/upgrade');
    expect(await screen.findByRole('heading', { name: 'Upgrade to Pro' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Free · \$0/ })).toBeInTheDocument();
  });
});
