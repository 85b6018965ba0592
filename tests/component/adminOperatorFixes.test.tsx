import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse, openConsole, renderConsole, serverList } from './adminHarness';
import { columnHeaders, listQuery, rowOf } from './adminHarness';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const user = (i: number, extra: Record<string, unknown> = {}) => ({
  _id: `u${i}`,
  email: `user${i}@example.com`,
  name: `User ${i}`,
  displayName: `User ${i}`,
  plan: 'premium',
  subscriptionStatus: 'active',
  adsDisabled: false,
  storageUsed: i * 1024 * 1048576,
  storageLimit: 10737418240,
  createdAt: '2026-01-01T00:00:00.000Z',
  flaggedForAbuse: false,
  lastFlaggedReason: null,
  flaggedAt: null,
  tokens30d: 10,
  ...extra,
});
const USERS = [user(1), user(2), user(3)];
const STATS = { totalFlagged: 0, flaggedToday: 0, flaggedThisWeek: 0, mostCommonReasons: [] };
const REFUSED = 'The user pays through Stripe: cancel the subscription there first';

const bulkButton = (name: string) =>
  within(
    screen.getByText(/items? selected/).closest('[data-test="bulk-actions-toolbar"]') as HTMLElement,
  ).getByRole('button', { name });

async function selectRows(...emails: string[]) {
  for (const e of emails) await userEvent.click(within(rowOf(e)).getByRole('checkbox'));
}

describe('operator fixes in the console', () => {
  it('shows the server’s reason for a refused downgrade after the spec’s text', async () => {
    await openConsole(
      {
        'GET /admin/users': serverList('users', USERS),
        'PATCH /admin/users/u1/subscription': () => jsonResponse({ message: REFUSED }, 409),
      },
      'user1@example.com',
      '/admin/users',
    );
    await userEvent.click(within(rowOf('user1@example.com')).getByRole('button', { name: 'Downgrade' }));
    expect(await screen.findByText(`Failed to update user plan. ${REFUSED}`)).toBeInTheDocument();
  });

  it('shows storage in GB from 1 GB, under a header without a unit', async () => {
    await openConsole(
      { 'GET /admin/users': serverList('users', USERS) },
      'user1@example.com',
      '/admin/users',
    );
    expect(within(rowOf('user2@example.com')).getByText('2.00 GB')).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: /Storage \(MB\)/ })).toBeNull();
  });

  it('reports how many rows a bulk change changed and which failed, and keeps sending by default', async () => {
    const api = await openConsole(
      {
        'GET /admin/users': serverList('users', USERS),
        'PATCH /admin/users/u1/subscription': () => ({}),
        'PATCH /admin/users/u2/subscription': () => jsonResponse({ message: REFUSED }, 409),
        'PATCH /admin/users/u3/subscription': () => ({}),
      },
      'user1@example.com',
      '/admin/users',
    );
    await selectRows('user1@example.com', 'user2@example.com', 'user3@example.com');
    await userEvent.click(bulkButton('Downgrade'));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText(/Downgrade: 2 of 3 succeeded\. Failed: user2@example\.com/),
    ).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'PATCH')).toHaveLength(3);
  });

  it('stops sending after the first error when told to', async () => {
    const api = await openConsole(
      {
        'GET /admin/users': serverList('users', USERS),
        'PATCH /admin/users/u1/subscription': () => jsonResponse({ message: REFUSED }, 409),
        'PATCH /admin/users/u2/subscription': () => ({}),
        'PATCH /admin/users/u3/subscription': () => ({}),
      },
      'user1@example.com',
      '/admin/users',
    );
    await selectRows('user1@example.com', 'user2@example.com', 'user3@example.com');
    await userEvent.click(bulkButton('Downgrade'));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Stop at first error' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(/0 of 3 succeeded\..*Not sent after the first error/)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'PATCH')).toHaveLength(1);
  });

  it('flags a user from the Users row', async () => {
    const api = await openConsole(
      {
        'GET /admin/users': serverList('users', USERS),
        'POST /admin/users/u3/flag': () => ({ message: 'User flagged' }),
      },
      'user3@example.com',
      '/admin/users',
    );
    await userEvent.click(within(rowOf('user3@example.com')).getByRole('button', { name: 'Flag' }));
    const dialog = await screen.findByRole('dialog', { name: 'Flag User' });
    await userEvent.type(within(dialog).getByLabelText(/Reason for Flagging/), 'Storage: too much');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Flag User' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'Storage: too much' }),
    );
  });

  it('finds the user to flag by name as the operator types, and takes a pasted id as it is', async () => {
    const api = fakeApi({
      'GET /admin/users/flagged': serverList('users', []),
      'GET /admin/abuse/stats': () => STATS,
      'GET /admin/users': serverList('users', USERS),
      'POST /admin/users/u2/flag': () => ({ message: 'User flagged' }),
      'POST /admin/users/pasted-id/flag': () => ({ message: 'User flagged' }),
    });
    renderConsole('/admin/flagged');
    await userEvent.click(await screen.findByRole('button', { name: 'Flag User' }));
    let dialog = await screen.findByRole('dialog', { name: 'Flag User' });
    await userEvent.type(within(dialog).getByRole('combobox', { name: /User ID/ }), 'User 2');
    fireEvent.click(await screen.findByRole('option', { name: /user2@example\.com/ }));
    expect(listQuery(api.calls.filter((c) => c.path === '/admin/users').at(-1)).q).toMatch(/^User/);
    await userEvent.type(within(dialog).getByLabelText(/Reason for Flagging/), 'Cost: high');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Flag User' }));
    await waitFor(() => expect(api.calls.some((c) => c.path === '/admin/users/u2/flag')).toBe(true));
    // The dialog closes once the flag is saved; the page takes clicks again after that.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(await screen.findByRole('button', { name: 'Flag User' }));
    dialog = await screen.findByRole('dialog', { name: 'Flag User' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: /User ID/ }));
    await userEvent.paste('pasted-id');
    await userEvent.type(within(dialog).getByLabelText(/Reason for Flagging/), 'Tokens: many');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Flag User' }));
    await waitFor(() => expect(api.calls.some((c) => c.path === '/admin/users/pasted-id/flag')).toBe(true));
  });

  it('says when an abuse check is already running instead of that it started', async () => {
    fakeApi({
      'GET /admin/users/flagged': serverList('users', []),
      'GET /admin/abuse/stats': () => STATS,
      'POST /admin/abuse/check': () =>
        jsonResponse({ message: 'An abuse check is already running.', started: false }, 202),
    });
    renderConsole('/admin/flagged');
    await userEvent.click(await screen.findByRole('button', { name: 'Run Abuse Check' }));
    expect(await screen.findByText('An abuse check is already running.')).toBeInTheDocument();
    expect(screen.queryByText('Abuse check initiated. New violations will appear shortly.')).toBeNull();
  });

  it('bulk-unflags flagged users and filters them by reason category', async () => {
    const flagged = [
      user(1, { flaggedForAbuse: true, lastFlaggedReason: 'Storage: 7.00 GB stored' }),
      user(2, { flaggedForAbuse: true, lastFlaggedReason: 'Tokens: 2,000,000 tokens' }),
    ];
    const api = await openConsole(
      {
        // The server's reason filter: the category before the reason's first colon.
        'GET /admin/users/flagged': serverList('users', flagged, undefined, {
          reason: (u, v) => String(u.lastFlaggedReason).startsWith(`${String(v)}:`),
        }),
        'GET /admin/abuse/stats': () => STATS,
        'POST /admin/users/u1/unflag': () => ({ message: 'ok' }),
        'POST /admin/users/u2/unflag': () => ({ message: 'ok' }),
      },
      'user1@example.com',
      '/admin/flagged',
    );
    fireEvent.mouseDown(screen.getByLabelText('Reason category'));
    fireEvent.click(await screen.findByRole('option', { name: 'Tokens' }));
    await waitFor(() => expect(screen.queryByText('user1@example.com')).toBeNull(), { timeout: 10_000 });
    await selectRows('user2@example.com');
    await userEvent.click(bulkButton('Unflag'));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Unflag: 1 of 1 succeeded.')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/admin/users/u2/unflag',
    ]);
  });

  it('hides the least important Users columns at 1024 px, so the grid fits', async () => {
    await openConsole(
      { 'GET /admin/users': serverList('users', USERS) },
      'user1@example.com',
      '/admin/users',
      undefined,
      1024,
    );
    expect(columnHeaders()).toEqual(['Email', 'Plan', 'Storage', 'Ads', 'Actions']);
  });
});
