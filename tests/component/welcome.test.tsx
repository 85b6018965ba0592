import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { siteRoutes } from '../../src-site/routes';
import { fakeApi, profile } from './siteHarness';

const WELCOME =
  'Welcome to Postkeeper! Get started with our free plan or upgrade to Premium for unlimited saves and AI features.';

beforeEach(() => {
  vi.stubGlobal('chrome', undefined);
  fakeApi({
    'POST /api/auth/register': { body: { token: 'tok-new' } },
    'GET /api/auth/me': { body: profile({ displayName: 'Nia New' }) },
    'GET /api/billing/subscription': { status: 404, body: { message: 'No subscription' } },
  });
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

/** Registers from the sign-up screen, having been sent there from `from` (as a guard or a link does). */
async function registerFrom(from: string | null) {
  const router = createMemoryRouter(siteRoutes, { initialEntries: ['/dashboard/register'] });
  render(<RouterProvider router={router} />);
  if (from) await act(() => router.navigate('/dashboard/register', { state: { from } }));
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Display Name'), 'Nia New');
  await user.type(screen.getByLabelText('Email'), 'nia@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret-1');
  await user.click(screen.getByRole('button', { name: 'Create Account' }));
  return router;
}

describe('the welcome note after registering', () => {
  it.each([
    [null, '/dashboard', 'Hi, Nia New'],
    ['/dashboard/settings', '/dashboard/settings', 'Settings'],
    ['/upgrade', '/upgrade', 'Upgrade to Pro'],
  ])('from %s, shows on %s, the page the new account lands on', async (from, landing, heading) => {
    const router = await registerFrom(from);
    await waitFor(() => expect(router.state.location.pathname).toBe(landing));
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(await screen.findByText(WELCOME)).toBeInTheDocument();
    expect(screen.getAllByText(WELCOME)).toHaveLength(1);
  });

  it('does not show for an account that simply signs in or comes back later', async () => {
    localStorage.setItem('authToken', 'tok');
    const router = createMemoryRouter(siteRoutes, { initialEntries: ['/dashboard/settings'] });
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Account Information' })).toBeInTheDocument();
    expect(screen.queryByText(WELCOME)).not.toBeInTheDocument();
  });
});
