import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequireAuth } from '../../src-site/RequireAuth';
import { DashboardPage } from '../../src-site/dashboard/DashboardPage';
import { SettingsPage } from '../../src-site/settings/SettingsPage';
import { fakeApi, fakeChrome, profile, renderSite } from './siteHarness';
import type { Profile } from '../../src/contract/user';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const routes = [
  {
    path: '/dashboard',
    element: (
      <RequireAuth sendAdminsToConsole>
        <DashboardPage />
      </RequireAuth>
    ),
  },
  {
    path: '/dashboard/settings',
    element: (
      <RequireAuth>
        <SettingsPage />
      </RequireAuth>
    ),
  },
];
function signedIn(p: Partial<Profile> = {}) {
  localStorage.setItem('authToken', 'tok');
  return fakeApi({ 'GET /api/auth/me': { body: profile(p) } });
}

describe('guards', () => {
  it('sends a visitor without a session to sign-in, remembering the target', async () => {
    fakeApi({});
    const { router } = renderSite(routes, '/dashboard/settings');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/dashboard/login'));
    expect(router.state.location.state).toMatchObject({ from: '/dashboard/settings' });
  });

  it('sends an admin from the dashboard to the console', async () => {
    signedIn({ role: 'admin' });
    renderSite(routes, '/dashboard');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/admin'));
  });
});

describe('dashboard header', () => {
  it.each([
    ['active', 'Premium'],
    ['trialing', 'Trial'],
    ['past_due', 'Past Due'],
    ['canceled', 'Expired'],
    [null, 'Premium'],
  ] as const)('shows the premium badge for status %s as %s', async (status, label) => {
    signedIn({ plan: 'premium', subscriptionStatus: status });
    renderSite(routes, '/dashboard');
    expect(await screen.findByTestId('plan-badge')).toHaveTextContent(label);
  });

  it('shows no badge on the free plan, and the name and email', async () => {
    signedIn({ displayName: '', name: 'Fallback Name' });
    renderSite(routes, '/dashboard');
    await screen.findByText('Fallback Name');
    const header = screen.getByRole('banner');
    expect(within(header).getByText('Fallback Name')).toBeInTheDocument();
    expect(within(header).getByText('erin@example.com')).toBeInTheDocument();
    expect(screen.queryByTestId('plan-badge')).not.toBeInTheDocument();
  });

  it.each([
    ['missing', 'Chrome extension not found. Please install the Postkeeper Chrome extension.'],
    ['throws', 'Unable to open extension. Please make sure the Postkeeper Chrome extension is installed.'],
  ] as const)('Extension with the extension %s alerts "%s"', async (behaviour, message) => {
    signedIn();
    fakeChrome(behaviour);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderSite(routes, '/dashboard');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Extension' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(message));
  });

  it('Extension outside Chrome alerts that Chrome is needed', async () => {
    signedIn();
    vi.stubGlobal('chrome', undefined);
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0',
    );
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderSite(routes, '/dashboard');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Extension' }));
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith(
        'This feature requires the Chrome browser with the Postkeeper extension installed.',
      ),
    );
  });

  it('Logout ends the session and goes to sign-in', async () => {
    signedIn();
    renderSite(routes, '/dashboard');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/dashboard/login'));
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('user_profile')).toBeNull();
  });

  it('has the install card with the store link in a new tab', async () => {
    signedIn();
    renderSite(routes, '/dashboard');
    const store = await screen.findByRole('link', { name: 'Get it on the Chrome Web Store' });
    expect(store).toHaveAttribute('target', '_blank');
    expect(store.getAttribute('rel')).toContain('noopener');
  });
});

describe('settings', () => {
  it('shows the account information, the verified badge and the support links', async () => {
    signedIn({ emailVerified: true, plan: 'premium', subscriptionStatus: 'active' });
    renderSite(routes, '/dashboard/settings');
    expect(await screen.findByRole('heading', { name: 'Account Information' })).toBeInTheDocument();
    expect(screen.getByText('Verified')).toBeInTheDocument();
    expect(screen.getByText('User · Premium plan')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('link', { name: 'Help Center' })).toHaveAttribute('href', '/help');
    expect(
      within(screen.getByRole('main')).getByRole('link', { name: 'support@postkeeper.app' }),
    ).toHaveAttribute('href', 'mailto:support@postkeeper.app');
    expect(screen.getByRole('button', { name: 'Request Data Export' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Account' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Chrome Extension' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Data & Privacy' })).toBeInTheDocument();
  });

  it('says Not Verified for an unverified email', async () => {
    signedIn({ emailVerified: false });
    renderSite(routes, '/dashboard/settings');
    expect(await screen.findByText('Not Verified')).toBeInTheDocument();
  });
});
