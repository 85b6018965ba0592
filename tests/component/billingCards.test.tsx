import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '../../src/contract/user';
import type { Subscription } from '../../src/contract/billing';
import { SessionProvider } from '../../src/session/SessionProvider';
import { formatEpochDate } from '../../src/format/dates';
import { SubscriptionManagementCard } from '../../src-site/dashboard/SubscriptionManagementCard';
import { BillingSettingsCard } from '../../src-site/settings/BillingSettingsCard';
import { StartTrialButton } from '../../src-site/upgrade/StartTrialButton';
import { json, profile as siteProfile } from './siteHarness';

const START = Date.UTC(2026, 10, 2, 12) / 1000;
const END = Date.UTC(2026, 10, 9, 12) / 1000;

/** A premium trial account (the billing cards' usual subject), with the given changes. */
const profile = (over: Partial<Profile> = {}): Profile =>
  siteProfile({
    displayName: 'Ada',
    name: 'Ada',
    email: 'ada@example.com',
    plan: 'premium',
    subscriptionStatus: 'trialing',
    emailVerified: true,
    storageLimit: 10 * 1024 ** 3,
    ...over,
  });

const trial: Subscription = {
  status: 'trialing',
  currentPeriodStart: START,
  currentPeriodEnd: END,
  cancelAtPeriodEnd: false,
  trialEnd: END,
};

type Route = (init: RequestInit | undefined) => Response | Promise<Response>;

let routes: Record<string, Route>;
let calls: string[];

function mockApi(me: Profile | null, extra: Record<string, Route>) {
  calls = [];
  routes = { 'GET /api/auth/me': () => (me ? json(200, me) : json(401, { message: 'no' })), ...extra };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${url}`;
      calls.push(key);
      const route = routes[key];
      return route ? route(init) : json(500, { message: 'unexpected' });
    }),
  );
}

function renderWith(ui: React.ReactNode) {
  return render(
    <MemoryRouter>
      <SessionProvider>{ui}</SessionProvider>
    </MemoryRouter>,
  );
}

let opened: { location: { href: string }; opener: unknown; close: ReturnType<typeof vi.fn> };
beforeEach(() => {
  localStorage.setItem('authToken', 'tok');
  opened = { location: { href: '' }, opener: window, close: vi.fn() };
  vi.spyOn(window, 'open').mockImplementation(() => opened as unknown as Window);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('Subscription Management card', () => {
  it('shows a free user the pitch and opens checkout in a new tab, refreshing the profile on return', async () => {
    mockApi(profile({ plan: 'free', subscriptionStatus: null }), {
      'GET /api/billing/subscription': () =>
        json(404, { message: 'No subscription found for this account.' }),
      'GET /api/auth/stripe/create-checkout-session': () =>
        json(200, { url: 'http://api.test/checkout/cs_1' }),
    });
    renderWith(<SubscriptionManagementCard />);
    expect(await screen.findByText('Free plan')).toBeInTheDocument();
    expect(
      screen.getByText('Upgrade to Premium for unlimited saves, AI features, and more.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Upgrade to Premium' }));
    await waitFor(() => expect(opened.location.href).toBe('http://api.test/checkout/cs_1'));
    expect(opened.opener).toBeNull();
    const before = calls.filter((c) => c === 'GET /api/auth/me').length;
    window.dispatchEvent(new Event('focus'));
    await waitFor(() => expect(calls.filter((c) => c === 'GET /api/auth/me').length).toBe(before + 1));
  });

  it('shows a premium user the status, next billing date, Cancels on, and a portal failure', async () => {
    mockApi(profile(), {
      'GET /api/billing/subscription': () =>
        json(200, { subscription: { ...trial, cancelAtPeriodEnd: true } }),
      'POST /api/billing/create-portal-session': () => json(500, { message: 'down' }),
    });
    renderWith(<SubscriptionManagementCard />);
    expect(await screen.findByText('Premium plan (Trialing)')).toBeInTheDocument();
    expect(await screen.findByText(`Cancels on ${formatEpochDate(END)}`)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Manage Billing' }));
    expect(await screen.findByText('Failed to open billing portal. Please try again.')).toBeInTheDocument();
    expect(opened.close).toHaveBeenCalled();
  });

  it('opens the portal in a new tab', async () => {
    mockApi(profile({ subscriptionStatus: 'active' }), {
      'GET /api/billing/subscription': () =>
        json(200, { subscription: { ...trial, status: 'active', trialEnd: null } }),
      'POST /api/billing/create-portal-session': () => json(200, { url: 'http://api.test/portal/ps_1' }),
    });
    renderWith(<SubscriptionManagementCard />);
    expect(await screen.findByText(formatEpochDate(END))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Manage Billing' }));
    await waitFor(() => expect(opened.location.href).toBe('http://api.test/portal/ps_1'));
  });
});

describe('Billing settings card', () => {
  it('asks a logged-out visitor to log in', async () => {
    localStorage.clear();
    mockApi(null, {});
    renderWith(<BillingSettingsCard />);
    expect(await screen.findByText('Please log in to manage your billing settings.')).toBeInTheDocument();
  });

  it('links a free user to /upgrade', async () => {
    mockApi(profile({ plan: 'free', subscriptionStatus: null }), {});
    renderWith(<BillingSettingsCard />);
    const link = await screen.findByRole('link', { name: 'Upgrade to Premium' });
    expect(link).toHaveAttribute('href', '/upgrade');
  });

  it('shows the period and trial end, cancels after confirmation, and reactivates', async () => {
    mockApi(profile(), {
      'GET /api/billing/subscription': () => json(200, { subscription: trial }),
      'POST /api/billing/cancel-subscription': () =>
        json(200, { message: 'ok', subscription: { ...trial, cancelAtPeriodEnd: true } }),
      'POST /api/billing/reactivate-subscription': () => json(200, { message: 'ok', subscription: trial }),
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    renderWith(<BillingSettingsCard />);
    expect(
      await screen.findByText(`${formatEpochDate(START)} – ${formatEpochDate(END)}`),
    ).toBeInTheDocument();
    expect(screen.getByText(`Trial ends on ${formatEpochDate(END)}`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Manage Subscription' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel Subscription' }));
    expect(confirm).toHaveBeenCalledWith(
      'Are you sure you want to cancel your subscription? You will lose access to premium features at the end of your billing period.',
    );
    expect(calls).not.toContain('POST /api/billing/cancel-subscription');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel Subscription' }));
    expect(
      await screen.findByText('Subscription will be canceled at the end of your billing period.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(`Your subscription will be canceled on ${formatEpochDate(END)}`),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Reactivate Subscription' }));
    expect(await screen.findByText('Subscription reactivated successfully!')).toBeInTheDocument();
    expect(screen.queryByText(/Your subscription will be canceled on/)).not.toBeInTheDocument();
  });

  it('shows each failure text', async () => {
    mockApi(profile(), {
      'GET /api/billing/subscription': () =>
        json(200, { subscription: { ...trial, cancelAtPeriodEnd: true } }),
      'POST /api/billing/reactivate-subscription': () => json(500, { message: 'x' }),
      'POST /api/billing/create-portal-session': () => json(400, { message: 'x' }),
    });
    renderWith(<BillingSettingsCard />);
    await userEvent.click(await screen.findByRole('button', { name: 'Reactivate Subscription' }));
    expect(await screen.findByText('Failed to reactivate subscription.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Manage Subscription' }));
    expect(
      await screen.findByText(
        'Unable to create billing portal session. Please try again or contact support.',
      ),
    ).toBeInTheDocument();
    routes['POST /api/billing/create-portal-session'] = () => Promise.reject(new TypeError('offline'));
    await userEvent.click(screen.getByRole('button', { name: 'Manage Subscription' }));
    expect(await screen.findByText('Failed to open billing portal.')).toBeInTheDocument();
  });

  it('shows the cancel failure, the load failure, and N/A / Invalid date', async () => {
    mockApi(profile(), {
      'GET /api/billing/subscription': () =>
        json(200, {
          subscription: { ...trial, currentPeriodStart: null, currentPeriodEnd: 'soon', trialEnd: null },
        }),
      'POST /api/billing/cancel-subscription': () => json(500, { message: 'x' }),
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderWith(<BillingSettingsCard />);
    expect(await screen.findByText('N/A – Invalid date')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel Subscription' }));
    expect(await screen.findByText('Failed to cancel subscription.')).toBeInTheDocument();
    cleanup();
    routes['GET /api/billing/subscription'] = () => json(500, { message: 'x' });
    renderWith(<BillingSettingsCard />);
    expect(await screen.findByText('Failed to load subscription details.')).toBeInTheDocument();
  });

  it('ends the session on a 401 from a billing call', async () => {
    const sendMessage = vi.fn((_id: string, _msg: unknown, cb: () => void) => cb());
    vi.stubGlobal('chrome', { runtime: { sendMessage, lastError: undefined } });
    mockApi(profile(), {
      'GET /api/billing/subscription': () => json(401, { message: 'Please sign in to continue.' }),
    });
    renderWith(<BillingSettingsCard />);
    expect(await screen.findByText('Please log in to manage your billing settings.')).toBeInTheDocument();
    expect(calls).toContain('GET /api/billing/subscription');
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('user_profile')).toBeNull();
    await waitFor(() =>
      expect(sendMessage).toHaveBeenCalledWith(
        expect.any(String),
        expect.objectContaining({ action: 'LOGOUT' }),
        expect.any(Function),
      ),
    );
  });
});

describe('Premium granted by Postkeeper', () => {
  const granted = () =>
    mockApi(profile({ subscriptionStatus: null }), {
      'GET /api/billing/subscription': () => json(200, { subscription: null, complimentary: true }),
    });

  it('says so on the dashboard, with no status, billing date or portal button', async () => {
    granted();
    renderWith(<SubscriptionManagementCard />);
    expect(await screen.findByText('Premium, granted by Postkeeper: no billing')).toBeInTheDocument();
    expect(screen.getByText('Premium plan')).toBeInTheDocument();
    expect(screen.queryByText('N/A')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Manage Billing' })).not.toBeInTheDocument();
  });

  it('says so in settings, with no dates and no buttons that cannot work', async () => {
    granted();
    renderWith(<BillingSettingsCard />);
    expect(await screen.findByText('Premium, granted by Postkeeper: no billing')).toBeInTheDocument();
    expect(screen.queryByText(/N\/A/)).not.toBeInTheDocument();
    for (const name of ['Manage Subscription', 'Cancel Subscription', 'Reactivate Subscription'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  });

  it('shows an ended subscription of a granted account as the grant, not as Canceled', async () => {
    mockApi(profile({ subscriptionStatus: 'canceled' }), {
      'GET /api/billing/subscription': () =>
        json(200, { subscription: { ...trial, status: 'canceled', trialEnd: null }, complimentary: true }),
    });
    renderWith(<SubscriptionManagementCard />);
    expect(await screen.findByText('Premium, granted by Postkeeper: no billing')).toBeInTheDocument();
    expect(screen.getByText('Premium plan')).toBeInTheDocument();
    expect(screen.queryByText(/Canceled/)).not.toBeInTheDocument();
  });

  it('still shows a live subscription beside a grant, with its dates and buttons', async () => {
    mockApi(profile({ subscriptionStatus: 'active' }), {
      'GET /api/billing/subscription': () =>
        json(200, { subscription: { ...trial, status: 'active', trialEnd: null }, complimentary: true }),
    });
    renderWith(<BillingSettingsCard />);
    expect(
      await screen.findByText(`${formatEpochDate(START)} – ${formatEpochDate(END)}`),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel Subscription' })).toBeInTheDocument();
    expect(screen.queryByText('Premium, granted by Postkeeper: no billing')).not.toBeInTheDocument();
  });
});

describe('Start trial button', () => {
  it('opens checkout and shows a failure', async () => {
    mockApi(profile({ plan: 'free', subscriptionStatus: null }), {
      'GET /api/auth/stripe/create-checkout-session': () => json(500, { message: 'x' }),
    });
    renderWith(<StartTrialButton />);
    const button = await screen.findByRole('button', { name: 'Start your 7-day free trial' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    expect(await screen.findByText('Failed to start checkout. Please try again.')).toBeInTheDocument();
    expect(opened.close).toHaveBeenCalled();
  });
});

describe('A server without billing', () => {
  const NOT_CONFIGURED = () => json(503, { message: 'Billing is not configured.' });

  it('says so on the dashboard for checkout and the portal, and leaves no tab open', async () => {
    mockApi(profile({ plan: 'free', subscriptionStatus: null }), {
      'GET /api/billing/subscription': () =>
        json(404, { message: 'No subscription found for this account.' }),
      'GET /api/auth/stripe/create-checkout-session': NOT_CONFIGURED,
    });
    renderWith(<SubscriptionManagementCard />);
    await userEvent.click(await screen.findByRole('button', { name: 'Upgrade to Premium' }));
    expect(await screen.findByText('Billing is not configured.')).toBeInTheDocument();
    expect(screen.queryByText('Failed to start checkout. Please try again.')).not.toBeInTheDocument();
    expect(opened.close).toHaveBeenCalled();
    expect(opened.location.href).toBe('');
    cleanup();

    mockApi(profile({ subscriptionStatus: 'active' }), {
      'GET /api/billing/subscription': () =>
        json(200, { subscription: { ...trial, status: 'active', trialEnd: null } }),
      'POST /api/billing/create-portal-session': NOT_CONFIGURED,
    });
    renderWith(<SubscriptionManagementCard />);
    await userEvent.click(await screen.findByRole('button', { name: 'Manage Billing' }));
    expect(await screen.findByText('Billing is not configured.')).toBeInTheDocument();
  });

  it('says so in settings and on the upgrade page', async () => {
    mockApi(profile(), {
      'GET /api/billing/subscription': () => json(200, { subscription: trial }),
      'POST /api/billing/create-portal-session': NOT_CONFIGURED,
    });
    renderWith(<BillingSettingsCard />);
    await userEvent.click(await screen.findByRole('button', { name: 'Manage Subscription' }));
    expect(await screen.findByText('Billing is not configured.')).toBeInTheDocument();
    expect(opened.location.href).toBe('');
    cleanup();

    mockApi(profile({ plan: 'free', subscriptionStatus: null }), {
      'GET /api/auth/stripe/create-checkout-session': NOT_CONFIGURED,
    });
    renderWith(<StartTrialButton />);
    const button = await screen.findByRole('button', { name: 'Start your 7-day free trial' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    expect(await screen.findByText('Billing is not configured.')).toBeInTheDocument();
  });
});
