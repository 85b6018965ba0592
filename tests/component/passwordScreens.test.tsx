import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ForgotPasswordPage } from '../../src-site/auth/ForgotPasswordPage';
import { ResetPasswordPage } from '../../src-site/auth/ResetPasswordPage';
import { fakeApi, renderSite } from './siteHarness';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const routes = [
  { path: '/dashboard/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/dashboard/reset-password', element: <ResetPasswordPage /> },
];

describe('forgot password', () => {
  it.each([
    [
      { body: { message: 'ignored' } },
      "If an account with that email exists, we've sent you a password reset link.",
    ],
    [
      { status: 429, body: { message: 'Too many attempts. Please try again in 60 minutes.' } },
      'Too many attempts. Please try again in 60 minutes.',
    ],
    [{ status: 500, body: {} }, 'Failed to send reset email'],
    [new TypeError('Failed to fetch'), 'Network error. Please try again.'],
  ])('answers %j with "%s"', async (reply, message) => {
    fakeApi({ 'POST /api/auth/request-password-reset': reply });
    const user = userEvent.setup();
    renderSite(routes, '/dashboard/forgot-password');
    await user.type(await screen.findByLabelText('Email'), 'erin@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Sign In' })).toHaveAttribute('href', '/dashboard/login');
  });
});

describe('reset password', () => {
  it('shows the missing-token text without a token', async () => {
    fakeApi({});
    renderSite(routes, '/dashboard/reset-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid or missing reset token. Please request a new password reset.',
    );
    expect(screen.queryByRole('button', { name: 'Update Password' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
  });

  it('keeps the button disabled while a field is blank, then checks match and length in the spec’s order', async () => {
    const fetchMock = fakeApi({});
    const user = userEvent.setup();
    renderSite(routes, '/dashboard/reset-password?token=tok');
    const button = await screen.findByRole('button', { name: 'Update Password' });
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('New Password'), 'abc');
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('Confirm New Password'), 'abd');
    expect(button).toBeEnabled();
    await user.click(button);
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match');
    await user.clear(screen.getByLabelText('Confirm New Password'));
    await user.type(screen.getByLabelText('Confirm New Password'), 'abc');
    await user.click(button);
    expect(screen.getByRole('alert')).toHaveTextContent('Password must be at least 6 characters long');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    [
      {
        status: 400,
        body: { message: 'This reset link is invalid or has expired. Please request a new password reset.' },
      },
      'This reset link is invalid or has expired. Please request a new password reset.',
    ],
    [{ status: 500, body: {} }, 'An error occurred'],
    [new TypeError('Failed to fetch'), 'Network error. Please try again.'],
  ])('shows the failure for %j', async (reply, message) => {
    fakeApi({ 'POST /api/auth/reset-password': reply });
    const user = userEvent.setup();
    renderSite(routes, '/dashboard/reset-password?token=tok');
    await user.type(await screen.findByLabelText('New Password'), 'secret-1');
    await user.type(screen.getByLabelText('Confirm New Password'), 'secret-1');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('after success says it is redirecting, and goes to sign-in after 3 seconds', async () => {
    const fetchMock = fakeApi({
      'POST /api/auth/reset-password': { body: { message: 'Your password has been updated.' } },
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderSite(routes, '/dashboard/reset-password?token=tok-123');
    await user.type(await screen.findByLabelText('New Password'), 'secret-1');
    await user.type(screen.getByLabelText('Confirm New Password'), 'secret-1');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Redirecting to login in 3 seconds...')).toBeInTheDocument();
    expect(screen.getByText('Your password has been updated.')).toBeInTheDocument();
    expect(JSON.parse(String((fetchMock.mock.calls[0][1] as RequestInit).body))).toEqual({
      token: 'tok-123',
      newPassword: 'secret-1',
    });
    await act(() => vi.advanceTimersByTimeAsync(2900));
    expect(screen.queryByTestId('where')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(200));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/dashboard/login'));
  });
});
