import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SubscriptionManagementCard } from '../../src-site/billing/SubscriptionManagementCard';
import { BillingSettingsCard } from '../../src-site/billing/BillingSettingsCard';
import { fakeApi, fakeChrome, profile, renderSite } from './siteHarness';
import type { Profile } from '../../src/contract/user';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// 2026-03-01 → 2026-04-01, trial to 2026-03-08 (UTC noon, so every time zone shows the same day).
const sub = {
  status: 'trialing',
  currentPeriodStart: 1772366400,
  currentPeriodEnd: 1775044800,
  cancelAtPeriodEnd: false,
  trialEnd: 1772971200,
};
const routes = [
  { path: '/dashboard', element: <SubscriptionManagementCard /> },
  { path: '/settings', element: <BillingSettingsCard /> },
];
function signedIn(p: Partial<Profile>, extra: Parameters<typeof fakeApi>[0] = {}) {
  localStorage.setItem('authToken', 'tok');
  return fakeApi({ 'GET /api/auth/me': { body: profile(p) }, ...extra });
}
function fakeTab() {
  const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
  vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
  return tab;
}

describe('Subscription Management card', () => {
  it('free: the plan, the upgrade sentence, and Upgrade to Premium opening checkout in a new tab', async () => {
    const fetchMock = signedIn(
      {},
      {
        'GET /api/auth/stripe/create-checkout-session': {
          body: { url: 'http://localhost:3000/api/billing/local/checkout/abc' },
        },
      },
    );
    const tab = fakeTab();
    renderSite(routes, '/dashboard');
    expect(
      await screen.findByText('Upgrade to Premium for unlimited saves, AI features, and more.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Free')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Upgrade to Premium' }));
    await waitFor(() =>
      expect(tab.location.href).toBe('http://localhost:3000/api/billing/local/checkout/abc'),
    );
    expect(tab.opener).toBeNull();
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('checkout'))!;
    expect((call[1] as RequestInit).headers).toMatchObject({
      Authorization: 'Bearer tok',
      Accept: 'application/json',
    });
  });

  it('premium: status in brackets, next billing date, Cancels on, and Manage Billing failure alert', async () => {
    signedIn(
      { plan: 'premium', subscriptionStatus: 'trialing' },
      {
        'GET /api/billing/subscription': { body: { subscription: { ...sub, cancelAtPeriodEnd: true } } },
        'POST /api/billing/create-portal-session': { status: 500, body: {} },
      },
    );
    const tab = fakeTab();
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderSite(routes, '/dashboard');
    expect(await screen.findByText('Cancels on April 1, 2026')).toBeInTheDocument();
    expect(screen.getByText(/\(trialing\)/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Manage Billing' }));
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith('Failed to open billing portal. Please try again.'),
    );
    expect(tab.close).toHaveBeenCalled();
  });

  it('a 401 from a billing call ends the session and tells the extension', async () => {
    signedIn(
      { plan: 'premium', subscriptionStatus: 'active' },
      { 'GET /api/billing/subscription': { status: 401, body: { message: 'Please sign in to continue.' } } },
    );
    const sent = fakeChrome('answers');
    renderSite(routes, '/dashboard');
    await waitFor(() => expect(localStorage.getItem('authToken')).toBeNull());
    expect(localStorage.getItem('user_profile')).toBeNull();
    await waitFor(() => expect(sent).toContainEqual(expect.objectContaining({ action: 'LOGOUT' })));
  });
});

describe('Billing and Subscription card (settings)', () => {
  it('logged out: asks to log in', async () => {
    fakeApi({});
    renderSite(routes, '/settings');
    expect(await screen.findByText('Please log in to manage your billing settings.')).toBeInTheDocument();
  });

  it('free: Upgrade to Premium goes to /upgrade', async () => {
    signedIn({});
    renderSite(routes, '/settings');
    expect(await screen.findByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute(
      'href',
      '/upgrade',
    );
  });

  it('premium: period, trial end; cancel after the confirmation, then reactivate, with the spec texts', async () => {
    signedIn(
      { plan: 'premium', subscriptionStatus: 'trialing' },
      {
        'GET /api/billing/subscription': { body: { subscription: sub } },
        'POST /api/billing/cancel-subscription': {
          body: { message: 'x', subscription: { ...sub, cancelAtPeriodEnd: true } },
        },
        'POST /api/billing/reactivate-subscription': { body: { message: 'x', subscription: sub } },
      },
    );
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const user = userEvent.setup();
    renderSite(routes, '/settings');
    expect(await screen.findByText('March 1, 2026 – April 1, 2026')).toBeInTheDocument();
    expect(screen.getByText('Trial ends on March 8, 2026')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel Subscription' }));
    expect(confirm).toHaveBeenCalledWith(
      'Are you sure you want to cancel your subscription? You will lose access to premium features at the end of your billing period.',
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel Subscription' }));
    expect(
      await screen.findByText('Subscription will be canceled at the end of your billing period.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Your subscription will be canceled on April 1, 2026')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reactivate Subscription' }));
    expect(await screen.findByText('Subscription reactivated successfully!')).toBeInTheDocument();
  });

  it.each([
    ['POST /api/billing/cancel-subscription', 'Cancel Subscription', 'Failed to cancel subscription.', false],
    [
      'POST /api/billing/reactivate-subscription',
      'Reactivate Subscription',
      'Failed to reactivate subscription.',
      true,
    ],
    [
      'POST /api/billing/create-portal-session',
      'Manage Subscription',
      'Unable to create billing portal session. Please try again or contact support.',
      false,
    ],
  ])('shows the failure of %s', async (route, button, message, pending) => {
    signedIn(
      { plan: 'premium', subscriptionStatus: 'active' },
      {
        'GET /api/billing/subscription': {
          body: { subscription: { ...sub, status: 'active', cancelAtPeriodEnd: pending } },
        },
        [route]: { status: 500, body: {} },
      },
    );
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderSite(routes, '/settings');
    await userEvent.setup().click(await screen.findByRole('button', { name: button }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('says when the subscription cannot be loaded, and shows N/A for missing dates', async () => {
    signedIn(
      { plan: 'premium', subscriptionStatus: 'active' },
      { 'GET /api/billing/subscription': { status: 500, body: {} } },
    );
    renderSite(routes, '/settings');
    expect(await screen.findByText('Failed to load subscription details.')).toBeInTheDocument();
    expect(screen.getByText('N/A – N/A')).toBeInTheDocument();
  });
});
