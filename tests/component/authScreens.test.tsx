import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthPage } from '../../src-site/auth/AuthPage';
import { fakeApi, fakeChrome, profile, renderSite } from './siteHarness';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const routes = [
  { path: '/dashboard/login', element: <AuthPage key="login" mode="login" /> },
  { path: '/dashboard/register', element: <AuthPage key="register" mode="register" /> },
];
const where = () => screen.getByTestId('where').textContent;

describe('sign-in / register screen', () => {
  it('shows the two modes with their titles, subtitles, fields and buttons; the toggle clears fields and error', async () => {
    fakeApi({ 'POST /api/auth/login': { status: 401, body: { message: 'Invalid email or password' } } });
    const user = userEvent.setup();
    renderSite(routes, '/dashboard/login');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.getByText('Sign in to continue')).toBeInTheDocument();
    expect(screen.queryByLabelText('Display Name')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('placeholder');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/dashboard/forgot-password',
    );
    await user.type(screen.getByLabelText('Email'), 'erin@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-pw');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');

    await user.click(screen.getByRole('button', { name: "Don't have an account? Create one" }));
    expect(await screen.findByRole('heading', { name: 'Create Account' })).toBeInTheDocument();
    expect(screen.getByText('Join Postkeeper today')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('placeholder', 'Min 6 characters');
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
  });

  it('requires a display name that is not blank, without calling the server', async () => {
    const fetchMock = fakeApi({});
    const user = userEvent.setup();
    renderSite(routes, '/dashboard/register');
    await user.type(await screen.findByLabelText('Display Name'), '   ');
    await user.type(screen.getByLabelText('Email'), 'erin@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-1');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Display name is required');
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('register'))).toHaveLength(0);
  });

  it('after registering without the extension: the welcome note and an immediate redirect to where the visitor was going', async () => {
    fakeApi({
      'POST /api/auth/register': { body: { token: 'tok' } },
      'GET /api/auth/me': { body: profile() },
    });
    vi.stubGlobal('chrome', undefined);
    const user = userEvent.setup();
    const { router } = renderSite(routes, '/dashboard/register');
    await act(() => router.navigate('/dashboard/register', { state: { from: '/dashboard/settings' } }));
    await user.type(await screen.findByLabelText('Display Name'), 'Erin');
    await user.type(screen.getByLabelText('Email'), 'erin@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-1');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(where()).toBe('/dashboard/settings'));
    expect(router.state.location.state).toEqual({ welcome: true });
  });

  it('with the extension: asks it to open its dashboard, then redirects 2 seconds later', async () => {
    fakeApi({ 'POST /api/auth/login': { body: { token: 'tok' } }, 'GET /api/auth/me': { body: profile() } });
    const sent = fakeChrome('answers');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderSite(routes, '/dashboard/login');
    await user.type(await screen.findByLabelText('Email'), 'erin@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(sent).toEqual([expect.objectContaining({ action: 'openDashboard' })]));
    await act(() => vi.advanceTimersByTimeAsync(1900));
    expect(screen.queryByTestId('where')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(200));
    await waitFor(() => expect(where()).toBe('/dashboard'));
  });

  it('Continue with Google goes to the API’s Google start; a failure shows the spec text', async () => {
    fakeApi({});
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({
      ...window.location,
      assign,
      search: '',
    } as Location);
    const user = userEvent.setup();
    renderSite(routes, '/dashboard/login');
    await user.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(assign).toHaveBeenCalledWith('/api/auth/google/web?prompt=select_account');
    assign.mockImplementation(() => {
      throw new Error('blocked');
    });
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to initiate Google login');
    vi.restoreAllMocks();
  });

  it('shows the Google failure text when the sign-in comes back with an error', async () => {
    fakeApi({});
    renderSite(routes, '/dashboard/login?error=google');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to initiate Google login');
  });
});
