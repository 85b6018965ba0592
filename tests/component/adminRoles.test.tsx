// Make admin and Remove admin rights in a user's details, opened from the Users list (docs/product.md#operators-and-admin-rights).
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, openConsole, type ApiCall } from './adminHarness';
import { numberedUserRow, userRow } from './fixtures';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const history = (userId: string, email: string) => ({
  email,
  userId,
  userStats: {
    plan: 'free',
    createdAt: '2026-01-01T00:00:00.000Z',
    lastLogin: null,
    storageUsed: 0,
    storageLimit: 1073741824,
  },
  currentViolations: [],
  shouldFlag: false,
  currentlyFlagged: false,
  lastFlaggedReason: null,
  flaggedAt: null,
  history: [],
});

/**
 * The admin API for three users and the signed-in operator (admin1, the harness's profile): roles change as
 * PATCH /role says, unless `refuse` answers instead.
 */
function api(refuse?: () => Response) {
  const rows = [
    numberedUserRow(1, { role: 'user' }),
    numberedUserRow(2, { role: 'admin' }),
    numberedUserRow(3, { role: 'user', emailVerified: false }),
    userRow({ _id: 'admin1', email: 'admin@example.com', role: 'admin' }),
  ];
  const routes: Record<string, (c: ApiCall) => unknown> = {
    'GET /admin/users': () => jsonResponse(rows, 200, { 'X-Total-Count': String(rows.length) }),
    'GET /admin/audit-log': () => jsonResponse([], 200, { 'X-Total-Count': '0' }),
  };
  for (const row of rows) {
    routes[`GET /admin/users/${row._id}/abuse-history`] = () => history(row._id, row.email);
    routes[`PATCH /admin/users/${row._id}/role`] = (c) => {
      if (refuse) return refuse();
      const role = (c.body as { role: string }).role;
      row.role = role;
      return role === 'admin'
        ? { message: `${row.email} is now an admin`, role, revoked: 0 }
        : { message: `Admin rights removed from ${row.email}: 2 sessions ended`, role, revoked: 2 };
    };
  }
  return routes;
}

async function openDetails(email: string) {
  await userEvent.click(screen.getByRole('button', { name: `Details of ${email}` }));
  const dialog = await screen.findByRole('dialog', { name: 'User Details' });
  await within(dialog).findByText(email);
  return dialog;
}

const roleCalls = (calls: ApiCall[]) => calls.filter((c) => c.method === 'PATCH' && c.path.endsWith('/role'));

describe("a user's admin rights in the console", () => {
  it('makes a user an admin after a confirmation, and shows the new role', async () => {
    const { calls } = await openConsole(api(), 'user1@example.com', '/admin/users');
    const dialog = await openDetails('user1@example.com');
    expect(await within(dialog).findByText('Role')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Make admin' }));
    let confirm = await screen.findByRole('dialog', { name: 'Make user1@example.com an admin?' });
    expect(within(confirm).getByText(/They get the whole console and the admin API/)).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /an admin\?/ })).toBeNull());
    expect(roleCalls(calls)).toEqual([]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Make admin' }));
    confirm = await screen.findByRole('dialog', { name: 'Make user1@example.com an admin?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Make admin' }));
    expect(await screen.findByText('user1@example.com is now an admin')).toBeInTheDocument();
    expect(roleCalls(calls)).toMatchObject([{ path: '/admin/users/u1/role', body: { role: 'admin' } }]);
    // The details reload: the user is an admin now, and the button offers the way back.
    expect(await within(dialog).findByRole('button', { name: 'Remove admin rights' })).toBeEnabled();
    expect(within(dialog).getByText('admin')).toBeInTheDocument();
  });

  it('removes the rights of another admin after saying that their sessions end', async () => {
    const { calls } = await openConsole(api(), 'user2@example.com', '/admin/users');
    const dialog = await openDetails('user2@example.com');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Remove admin rights' }));
    const confirm = await screen.findByRole('dialog', {
      name: 'Remove admin rights from user2@example.com?',
    });
    expect(within(confirm).getByText(/every session of theirs ends, on every device/)).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove admin rights' }));
    expect(
      await screen.findByText('Admin rights removed from user2@example.com: 2 sessions ended'),
    ).toBeInTheDocument();
    expect(roleCalls(calls)).toMatchObject([{ path: '/admin/users/u2/role', body: { role: 'user' } }]);
    expect(await within(dialog).findByRole('button', { name: 'Make admin' })).toBeEnabled();
  });

  it('shows the server’s reason when it refuses, such as the last admin', async () => {
    const reason =
      'user2@example.com is the last admin. Make another user an admin before removing these rights.';
    await openConsole(
      api(() => jsonResponse({ message: reason }, 409)),
      'user2@example.com',
      '/admin/users',
    );
    const dialog = await openDetails('user2@example.com');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Remove admin rights' }));
    await userEvent.click(
      within(
        await screen.findByRole('dialog', { name: 'Remove admin rights from user2@example.com?' }),
      ).getByRole('button', { name: 'Remove admin rights' }),
    );
    expect(await screen.findByText(`Failed to change admin rights. ${reason}`)).toBeInTheDocument();
  });

  it('offers neither the operator’s own removal nor admin rights for an unverified address', async () => {
    const { calls } = await openConsole(api(), 'admin@example.com', '/admin/users');
    let dialog = await openDetails('admin@example.com');
    expect(await within(dialog).findByRole('button', { name: 'Remove admin rights' })).toBeDisabled();
    expect(within(dialog).getByText('Another operator can remove your admin rights.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    dialog = await openDetails('user3@example.com');
    expect(await within(dialog).findByRole('button', { name: 'Make admin' })).toBeDisabled();
    expect(
      within(dialog).getByText('Only a verified address can be given admin rights.'),
    ).toBeInTheDocument();
    expect(roleCalls(calls)).toEqual([]);
  });
});
