import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeApi, listQuery, renderConsole, serverList } from './adminHarness';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const SUMMARY = {
  tokens: { total: 1000, cost: 1.25 },
  storage: { totalGB: 3, cost: 0.069 },
  total: { estimatedCost: 1.319 },
};

describe('cost analysis page', () => {
  it('shows AI, storage and total cost, and asks for the 20 costliest users', async () => {
    const api = fakeApi({
      'GET /admin/cost-analysis/summary': () => SUMMARY,
      'GET /admin/users/suspicious': serverList('users', [], { statistics: null }),
    });
    renderConsole('/admin/cost-analysis');
    await screen.findByRole('heading', { name: 'Cost analysis', level: 1 });
    await waitFor(() =>
      expect(
        within(screen.getByRole('group', { name: 'AI Cost (30d)' })).getByText('$1.250'),
      ).toBeInTheDocument(),
    );
    expect(
      within(screen.getByRole('group', { name: 'Storage Cost (30d)' })).getByText('$0.069'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Total Estimated Cost' })).getByText('$1.319'),
    ).toBeInTheDocument();
    expect(screen.getByText('Top 20 users by estimated cost')).toBeInTheDocument();
    expect(listQuery(api.calls.find((c) => c.path === '/admin/users/suspicious'))).toMatchObject({
      start: 0,
      end: 19,
      sort: 'estimatedCost',
      order: 'DESC',
    });
  });

  it('shows the failure text', async () => {
    fakeApi({ 'GET /admin/cost-analysis/summary': fail(), 'GET /admin/users/suspicious': fail() });
    renderConsole('/admin/cost-analysis');
    expect(await screen.findByText('Failed to load suspicious users.')).toBeInTheDocument();
  });
});
