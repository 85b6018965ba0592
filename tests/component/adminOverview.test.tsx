import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeApi, renderConsole } from './adminHarness';
import { NAVIGATION } from '../../src-admin/registry';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('console overview', () => {
  it('shows one navigation: the six sections in the spec order, then Support, Audit log and Cost analysis, and the four cards', async () => {
    fakeApi({
      'GET /admin/overview': () => ({
        totalUsers: 1234,
        activeUsersToday: 56,
        totalTokenUsage: 789000,
        totalStorageUsedGB: 12.345,
      }),
    });
    renderConsole('/admin');
    const tabs = await screen.findByRole('tablist', { name: 'Console sections' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(NAVIGATION.map((s) => s.label));
    expect(within(tabs).getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('1,234')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Total Users' })).getByText('1,234')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Active Today' })).getByText('56')).toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Total Tokens (30d)' })).getByText('789,000'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Total Storage' })).getByText('12.35 GB'),
    ).toBeInTheDocument();
    // No second menu lists the same sections.
    expect(screen.queryAllByRole('menuitem')).toHaveLength(0);
    expect(screen.getAllByRole('navigation', { name: 'Console sections' })).toHaveLength(1);
  });

  it('shows both chart cards with their titles and room while the figures are still on their way', async () => {
    fakeApi({ 'GET /admin/overview': () => new Promise<Response>(() => undefined) });
    renderConsole('/admin');
    expect(await screen.findByRole('heading', { name: 'Users by plan and status' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Tokens and cost by day (30 days)' })).toBeInTheDocument();
    expect(screen.getByLabelText('Loading overview')).toBeInTheDocument();
  });

  it.each([
    ['no day', []],
    [
      'every day of the window at zero',
      [
        { day: '2026-11-25', tokens: 0, cost: 0 },
        { day: '2026-11-26', tokens: 0, cost: 0 },
      ],
    ],
  ])('leaves the chart cards out when there is nothing to chart (%s)', async (_, dailyUsage) => {
    fakeApi({
      'GET /admin/overview': () => ({
        totalUsers: 0,
        activeUsersToday: 0,
        totalTokenUsage: 0,
        totalStorageUsedGB: 0,
        usersByPlan: [],
        dailyUsage,
      }),
    });
    renderConsole('/admin');
    await waitFor(() => expect(screen.queryByLabelText('Loading overview')).toBeNull());
    expect(screen.queryByRole('heading', { name: 'Users by plan and status' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Tokens and cost by day (30 days)' })).toBeNull();
  });

  it('shows the overview failure text', async () => {
    fakeApi({ 'GET /admin/overview': fail() });
    renderConsole('/admin');
    expect(await screen.findByText('Failed to load overview data.')).toBeInTheDocument();
  });
});
