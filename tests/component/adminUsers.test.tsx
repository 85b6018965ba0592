import { cleanup, screen, waitFor, within, fireEvent } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeApi, jsonResponse, openConsole, renderConsole } from './adminHarness';
import { columnHeaders, listQuery, type ApiCall } from './adminHarness';
import { numberedUserRow } from './fixtures';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const user = (i: number, extra: Record<string, unknown> = {}) => ({
  ...numberedUserRow(i, { adsDisabled: i === 2, storageUsed: i * 10 * 1048576 }, i * 1000),
  ...extra,
});

const USERS = [user(1), user(2), user(3)];
const paged = (c: ApiCall) =>
  jsonResponse(USERS, 200, { 'X-Total-Count': '3', 'x-q': JSON.stringify(c.query) });

describe('console users', () => {
  it('shows the filters and the columns in the spec order, with storage, tokens and the ads toggle', async () => {
    await openConsole({ 'GET /admin/users': paged }, 'user1@example.com', '/admin/users');
    expect(columnHeaders()).toEqual([
      'Email',
      'Name',
      'Plan',
      'Subscription',
      'Tokens (30d)',
      'Storage',
      'Ads',
      'Created',
      'Actions',
    ]);
    expect(screen.getByLabelText('Subscription status')).toBeInTheDocument();
    expect(screen.getByLabelText('Plan')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search email or name')).toBeInTheDocument();
    const row1 = screen.getByText('user1@example.com').closest('[role="row"]') as HTMLElement;
    expect(within(row1).getByText('1,000')).toBeInTheDocument();
    expect(within(row1).getByText('10 MB')).toBeInTheDocument();
    expect(within(row1).getByText('Enabled')).toBeInTheDocument();
    expect(within(row1).getByRole('button', { name: 'Downgrade' })).toBeInTheDocument();
    expect(within(row1).getByRole('button', { name: 'Disable Ads' })).toBeInTheDocument();
    const row2 = screen.getByText('user2@example.com').closest('[role="row"]') as HTMLElement;
    expect(within(row2).getByText('Disabled')).toBeInTheDocument();
    expect(within(row2).getByRole('button', { name: 'Upgrade' })).toBeInTheDocument();
    expect(within(row2).getByRole('button', { name: 'Enable Ads' })).toBeInTheDocument();
  });

  it('sends the plan filter and the search to the API', async () => {
    const api = await openConsole({ 'GET /admin/users': paged }, 'user1@example.com', '/admin/users');
    await userEvent.type(screen.getByPlaceholderText('Search email or name'), 'ann');
    await waitFor(() => expect(listQuery(api.calls.at(-1)).q).toBe('ann'), { timeout: 3000 });
    fireEvent.mouseDown(screen.getByLabelText('Plan'));
    fireEvent.click(await screen.findByRole('option', { name: 'premium' }));
    await waitFor(() => expect(listQuery(api.calls.at(-1))).toMatchObject({ plan: 'premium', q: 'ann' }));
    // Sorting right after filtering keeps the filters.
    fireEvent.click(
      screen
        .getByRole('columnheader', { name: /Created/ })
        .querySelector('.MuiDataGrid-columnHeaderTitleContainer') as HTMLElement,
    );
    await waitFor(() =>
      expect(listQuery(api.calls.at(-1))).toMatchObject({
        plan: 'premium',
        q: 'ann',
        sort: 'createdAt',
        order: 'ASC',
      }),
    );
  });

  it('toggles ads and changes the plan through their endpoints', async () => {
    const api = await openConsole(
      {
        'GET /admin/users': paged,
        'PATCH /admin/users/u1/ads': () => ({}),
        'PATCH /admin/users/u2/subscription': () => ({}),
      },
      'user1@example.com',
      '/admin/users',
    );
    await userEvent.click(screen.getByRole('switch', { name: 'Ads for user1@example.com' }));
    await waitFor(() =>
      expect(api.calls.some((c) => c.method === 'PATCH' && c.path === '/admin/users/u1/ads')).toBe(true),
    );
    expect(api.calls.find((c) => c.path === '/admin/users/u1/ads')?.body).toEqual({ adsDisabled: true });
    const row2 = screen.getByText('user2@example.com').closest('[role="row"]') as HTMLElement;
    await userEvent.click(within(row2).getByRole('button', { name: 'Upgrade' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/admin/users/u2/subscription')?.body).toEqual({
        plan: 'premium',
      }),
    );
  });

  it('shows the spec texts when ads or plan updates fail', async () => {
    await openConsole(
      {
        'GET /admin/users': paged,
        'PATCH /admin/users/u1/ads': fail(),
        'PATCH /admin/users/u1/subscription': fail(),
      },
      'user1@example.com',
      '/admin/users',
    );
    const row1 = screen.getByText('user1@example.com').closest('[role="row"]') as HTMLElement;
    await userEvent.click(within(row1).getByRole('button', { name: 'Disable Ads' }));
    expect(await screen.findByText('Failed to update ads setting.')).toBeInTheDocument();
    await userEvent.click(within(row1).getByRole('button', { name: 'Downgrade' }));
    expect(await screen.findByText('Failed to update user plan.')).toBeInTheDocument();
  });

  it('bulk-downgrades the selected users after a confirm dialog', async () => {
    const api = await openConsole(
      {
        'GET /admin/users': paged,
        'PATCH /admin/users/u1/subscription': () => ({}),
        'PATCH /admin/users/u3/subscription': () => ({}),
      },
      'user1@example.com',
      '/admin/users',
    );
    for (const email of ['user1@example.com', 'user3@example.com']) {
      const row = screen.getByText(email).closest('[role="row"]') as HTMLElement;
      await userEvent.click(within(row).getByRole('checkbox', { name: /select row/i }));
    }
    for (const label of ['Upgrade', 'Downgrade', 'Ads on', 'Ads off']) {
      expect(screen.getAllByRole('button', { name: label }).length).toBeGreaterThan(0);
    }
    const toolbar = screen
      .getByText('2 items selected')
      .closest('[data-test="bulk-actions-toolbar"]') as HTMLElement;
    await userEvent.click(within(toolbar).getByRole('button', { name: 'Downgrade' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Downgrade the selected users to free?')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'PATCH')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(
        api.calls.filter((c) => c.method === 'PATCH').map((c) => `${c.path} ${JSON.stringify(c.body)}`),
      ).toEqual([
        '/admin/users/u1/subscription {"plan":"free"}',
        '/admin/users/u3/subscription {"plan":"free"}',
      ]),
    );
    expect(await screen.findByText('Downgrade: 2 of 2 succeeded.')).toBeInTheDocument();
  });

  it('passes sort and page to the server from the grid', async () => {
    // Our server's dialect: one page of records and the whole count in X-Total-Count.
    const many = () =>
      jsonResponse(
        USERS.map((u) => ({ ...u, id: u._id })),
        200,
        { 'X-Total-Count': '60' },
      );
    const api = fakeApi({ 'GET /admin/users': many });
    const usersCalls = () => api.calls.filter((c) => c.path === '/admin/users');
    renderConsole('/admin/users');
    await screen.findByText('user1@example.com');
    expect(listQuery(usersCalls()[0])).toMatchObject({ start: 0, end: 24, sort: 'createdAt', order: 'DESC' });
    const title = (name: RegExp) =>
      screen
        .getByRole('columnheader', { name })
        .querySelector('.MuiDataGrid-columnHeaderTitleContainer') as HTMLElement;
    await userEvent.click(title(/Created/));
    await waitFor(() =>
      expect(listQuery(usersCalls().at(-1))).toMatchObject({ sort: 'createdAt', order: 'ASC' }),
    );
    await userEvent.click(title(/Created/));
    await waitFor(() =>
      expect(listQuery(usersCalls().at(-1))).toMatchObject({ sort: 'createdAt', order: 'DESC' }),
    );
    await userEvent.click(title(/Email/));
    await waitFor(() =>
      expect(listQuery(usersCalls().at(-1))).toMatchObject({ sort: 'email', order: 'ASC' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() =>
      expect(listQuery(usersCalls().at(-1))).toMatchObject({ start: 25, end: 49, sort: 'email' }),
    );
  });

  it('shows the load failure text', async () => {
    fakeApi({ 'GET /admin/users': fail() });
    renderConsole('/admin/users');
    expect(await screen.findByText('Failed to load users.')).toBeInTheDocument();
  });
});
