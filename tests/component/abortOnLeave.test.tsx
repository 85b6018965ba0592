import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '../../src/session/SessionProvider';
import { AuthPage } from '../../src-site/auth/AuthPage';
import { ForgotPasswordPage } from '../../src-site/auth/ForgotPasswordPage';
import { BillingSettingsCard } from '../../src-site/settings/BillingSettingsCard';
import { json, profile, renderSite } from './siteHarness';

// A call still on its way when its screen goes is aborted, as the browser aborts a request it no longer needs.

/** A fetch whose `pending` calls never answer until aborted (then they reject as the browser's fetch does). */
function slowApi(pending: string, answers: Record<string, () => Response> = {}) {
  const signals: AbortSignal[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      const key = `${init.method ?? 'GET'} ${String(url).split('?')[0]}`;
      if (key !== pending) return Promise.resolve(answers[key]?.() ?? json(404, { message: 'Not found' }));
      const signal = init.signal!;
      signals.push(signal);
      return new Promise<Response>((_, reject) =>
        signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
      );
    }),
  );
  return signals;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('leaving a screen aborts its call', () => {
  it('the billing card: its subscription load', async () => {
    localStorage.setItem('authToken', 'tok');
    const me = profile({ plan: 'premium', subscriptionStatus: 'active' });
    const signals = slowApi('GET /api/billing/subscription', { 'GET /api/auth/me': () => json(200, me) });
    const { unmount } = render(
      <MemoryRouter>
        <SessionProvider>
          <BillingSettingsCard />
        </SessionProvider>
      </MemoryRouter>,
    );
    await waitFor(() => expect(signals).toHaveLength(1));
    expect(signals[0].aborted).toBe(false);
    unmount();
    expect(signals[0].aborted).toBe(true);
  });

  it('forgot password: the reset-link request, when the visitor goes back to sign in', async () => {
    const signals = slowApi('POST /api/auth/request-password-reset');
    const user = userEvent.setup();
    const { router } = renderSite(
      [{ path: '/dashboard/forgot-password', element: <ForgotPasswordPage /> }],
      '/dashboard/forgot-password',
    );
    await user.type(await screen.findByLabelText('Email'), 'erin@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await waitFor(() => expect(signals).toHaveLength(1));
    expect(signals[0].aborted).toBe(false);
    await router.navigate('/dashboard/login');
    await waitFor(() => expect(screen.queryByLabelText('Email')).not.toBeInTheDocument());
    expect(signals[0].aborted).toBe(true);
  });

  it('sign in: the login request, when the visitor leaves the screen', async () => {
    const signals = slowApi('POST /api/auth/login');
    const user = userEvent.setup();
    const { router } = renderSite(
      [{ path: '/dashboard/login', element: <AuthPage mode="login" /> }],
      '/dashboard/login',
    );
    await user.type(await screen.findByLabelText('Email'), 'erin@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(signals).toHaveLength(1));
    expect(signals[0].aborted).toBe(false);
    await router.navigate('/');
    await waitFor(() => expect(screen.queryByLabelText('Email')).not.toBeInTheDocument());
    expect(signals[0].aborted).toBe(true);
  });
});
