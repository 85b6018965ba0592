import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeApi, openConsole, renderConsole, serverList } from './adminHarness';
import { profile } from './fixtures';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const flagged = (i: number, extra: Record<string, unknown> = {}) => ({
  ...profile({
    _id: `f${i}`,
    email: `flagged${i}@example.com`,
    name: `Flagged ${i}`,
    displayName: `Flagged ${i}`,
    emailVerified: true,
    storageUsed: 512 * 1048576,
    storageLimit: 1024 * 1048576,
    flaggedForAbuse: true,
    lastFlaggedReason: 'Excessive storage: 12 GB',
    flaggedAt: '2026-11-20T10:00:00.000Z',
  }),
  ...extra,
});
const STATS = {
  totalFlagged: 2,
  flaggedToday: 1,
  flaggedThisWeek: 2,
  mostCommonReasons: [
    { reason: 'Excessive storage: 12 GB', count: 3 },
    { reason: 'Excessive storage: 15 GB', count: 2 },
    { reason: 'Token abuse: 2M tokens', count: 1 },
  ],
};
const HISTORY = {
  email: 'flagged1@example.com',
  userId: 'f1',
  userStats: {
    plan: 'free',
    createdAt: '2026-01-01T00:00:00.000Z',
    lastLogin: null,
    storageUsed: 512 * 1048576,
    storageLimit: 1024 * 1048576,
  },
  currentViolations: ['Excessive storage: 12 GB'],
  shouldFlag: true,
  currentlyFlagged: true,
  lastFlaggedReason: 'Excessive storage: 12 GB',
  flaggedAt: '2026-11-20T10:00:00.000Z',
  history: [
    {
      action: 'flag',
      reason: 'Excessive storage: 12 GB',
      at: '2026-11-20T10:00:00.000Z',
      by: 'admin@example.com',
    },
  ],
};
const base = {
  'GET /admin/users/flagged': serverList('users', [
    flagged(1),
    flagged(2, { lastFlaggedReason: null, flaggedAt: null }),
  ]),
  'GET /admin/abuse/stats': () => STATS,
};

describe('console flagged users', () => {
  it('shows the stats with Top Reasons and the list with its fallbacks', async () => {
    await openConsole(base, 'flagged1@example.com', '/admin/flagged');
    await waitFor(() =>
      expect(within(screen.getByRole('group', { name: 'Total Flagged' })).getByText('2')).toBeInTheDocument(),
    );
    expect(within(screen.getByRole('group', { name: 'Flagged Today' })).getByText('1')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'This Week' })).getByText('2')).toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Top Reasons' })).getByText('Excessive storage, Token abuse'),
    ).toBeInTheDocument();
    const row2 = screen.getByText('flagged2@example.com').closest('[role="row"]') as HTMLElement;
    expect(within(row2).getByText('No reason provided')).toBeInTheDocument();
    expect(within(row2).getByText('Unknown')).toBeInTheDocument();
    expect(within(row2).getByText('512 MB / 1.00 GB')).toBeInTheDocument();
  });

  it("shows 'No flagged users' when the list is empty", async () => {
    fakeApi({ ...base, 'GET /admin/users/flagged': serverList('users', []) });
    renderConsole('/admin/flagged');
    expect(await screen.findByText('No flagged users')).toBeInTheDocument();
  });

  it('runs the abuse check: info text, then list and stats refresh 30 s later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = await openConsole(
      { ...base, 'POST /admin/abuse/check': () => ({ message: 'started' }) },
      'flagged1@example.com',
      '/admin/flagged',
    );
    await waitFor(() =>
      expect(api.calls.filter((c) => c.path === '/admin/abuse/stats').length).toBeGreaterThan(0),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Run Abuse Check' }));
    expect(
      await screen.findByText('Abuse check initiated. New violations will appear shortly.'),
    ).toBeInTheDocument();
    const lists = api.calls.filter((c) => c.path === '/admin/users/flagged').length;
    const stats = api.calls.filter((c) => c.path === '/admin/abuse/stats').length;
    act(() => vi.advanceTimersByTime(29_000));
    expect(api.calls.filter((c) => c.path === '/admin/abuse/stats').length).toBe(stats);
    act(() => vi.advanceTimersByTime(1_000));
    await waitFor(() =>
      expect(api.calls.filter((c) => c.path === '/admin/abuse/stats').length).toBeGreaterThan(stats),
    );
    await waitFor(() =>
      expect(api.calls.filter((c) => c.path === '/admin/users/flagged').length).toBeGreaterThan(lists),
    );
  });

  it('shows the spec text when the abuse check fails', async () => {
    await openConsole(
      { ...base, 'POST /admin/abuse/check': fail() },
      'flagged1@example.com',
      '/admin/flagged',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Run Abuse Check' }));
    expect(await screen.findByText('Failed to trigger abuse check.')).toBeInTheDocument();
  });

  it('flags a user from the dialog once both fields are filled', async () => {
    let ok = false;
    const api = await openConsole(
      { ...base, 'POST /admin/users/u9/flag': () => (ok ? {} : fail()()) },
      'flagged1@example.com',
      '/admin/flagged',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Flag User' }));
    const dialog = await screen.findByRole('dialog');
    const submit = within(dialog).getByRole('button', { name: 'Flag User' });
    expect(submit).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText(/User ID/), 'u9');
    expect(submit).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText(/Reason for Flagging/), 'Spam: bulk saves');
    expect(submit).toBeEnabled();
    await userEvent.click(submit);
    expect(await within(dialog).findByText('Failed to flag user.')).toBeInTheDocument();
    ok = true;
    await userEvent.click(submit);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({ reason: 'Spam: bulk saves' });
  });

  it('views the details and unflags', async () => {
    let flaggedNow = true;
    const api = await openConsole(
      {
        ...base,
        'GET /admin/users/f1/abuse-history': () => ({ ...HISTORY, currentlyFlagged: flaggedNow }),
        'POST /admin/users/f1/unflag': () => {
          flaggedNow = false;
          return {};
        },
      },
      'flagged1@example.com',
      '/admin/flagged',
    );
    const row = screen.getByText('flagged1@example.com').closest('[role="row"]') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: 'View Details' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Flag history');
    expect(within(dialog).getByText('Flagged')).toBeInTheDocument();
    expect(within(dialog).getByText('Member since')).toBeInTheDocument();
    expect(within(dialog).getByText('Last login')).toBeInTheDocument();
    expect(within(dialog).getByText('Never')).toBeInTheDocument();
    expect(within(dialog).getByText('512 MB / 1.00 GB')).toBeInTheDocument();
    expect(within(dialog).getAllByText(/Excessive storage: 12 GB/).length).toBeGreaterThan(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Unflag' }));
    await within(dialog).findByText('Clean');
    expect(within(dialog).getByRole('button', { name: 'Flag' })).toBeInTheDocument();
    expect(within(dialog).getByText(/should be flagged/)).toBeInTheDocument();
    expect(api.calls.some((c) => c.path === '/admin/users/f1/unflag')).toBe(true);
  });

  it('shows the spec texts for details, unflag and list failures', async () => {
    await openConsole(
      { ...base, 'GET /admin/users/f1/abuse-history': fail() },
      'flagged1@example.com',
      '/admin/flagged',
    );
    const row = screen.getByText('flagged1@example.com').closest('[role="row"]') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: 'View Details' }));
    expect(await screen.findByText('Failed to load user details.')).toBeInTheDocument();
    cleanup();
    await openConsole(
      {
        ...base,
        'GET /admin/users/f1/abuse-history': () => HISTORY,
        'POST /admin/users/f1/unflag': fail(),
      },
      'flagged1@example.com',
      '/admin/flagged',
    );
    await userEvent.click(
      within(screen.getByText('flagged1@example.com').closest('[role="row"]') as HTMLElement).getByRole(
        'button',
        { name: 'View Details' },
      ),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Unflag' }));
    expect(await screen.findByText('Failed to unflag user.')).toBeInTheDocument();
    cleanup();
    fakeApi({ 'GET /admin/users/flagged': fail(), 'GET /admin/abuse/stats': () => STATS });
    renderConsole('/admin/flagged');
    expect(await screen.findByText('Failed to load flagged users.')).toBeInTheDocument();
  });
});
