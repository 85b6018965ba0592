import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeApi, held, jsonResponse, openConsole, renderConsole, serverList } from './adminHarness';
import { columnHeaders, expectRowShows, listQuery, rowOf } from './adminHarness';
import { coupon } from './fixtures';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const COUPONS = [
  coupon('open', {}),
  coupon('limited', {
    usageLimit: 5,
    usedCount: 2,
    discountType: 'fixed',
    amount: 2.5,
    expiresAt: '2027-03-01T12:00:00.000Z',
  }),
  coupon('usedup', { usageLimit: 2, usedCount: 2 }),
  coupon('old', { isExpired: true }),
  coupon('off', { isActive: false }),
];
const STATS = { totalCoupons: 5, activeCoupons: 2, expiredCoupons: 1, totalUsages: 4 };
const base = {
  // The server's status filter: expired by date or use, active otherwise while switched on.
  'GET /admin/coupons': serverList('coupons', COUPONS, undefined, {
    status: (c, v) => (v === 'expired' ? c.isExpired === true : c.isActive === true && !c.isExpired),
  }),
  'GET /admin/coupons/stats': () => STATS,
};

describe('console coupons', () => {
  it('shows the four stat cards and the columns with usage, expiry and display status', async () => {
    await openConsole(base, 'OPEN', '/admin/coupons');
    for (const [label, value] of [
      ['Total Coupons', '5'],
      ['Active Coupons', '2'],
      ['Expired', '1'],
      ['Total Usage', '4'],
    ]) {
      await waitFor(() =>
        expect(within(screen.getByRole('group', { name: label })).getByText(value)).toBeInTheDocument(),
      );
    }
    expect(columnHeaders()).toEqual([
      'Code',
      'Discount',
      'Usage',
      'Expires',
      'Status',
      'Created by',
      'Actions',
    ]);
    expectRowShows('OPEN', '0 / ∞', 'Never', 'Active');
    expectRowShows('LIMITED', '2 / 5', '$2.50', /2027/);
    expect(within(rowOf('USEDUP')).getByText('Used Up')).toBeInTheDocument();
    expect(within(rowOf('OLD')).getByText('Expired')).toBeInTheDocument();
    expect(within(rowOf('OFF')).getByText('Inactive')).toBeInTheDocument();
    expect(within(rowOf('OFF')).getByRole('button', { name: 'Activate' })).toBeInTheDocument();
    expect(within(rowOf('OPEN')).getByRole('button', { name: 'Deactivate' })).toBeInTheDocument();
  });

  it('filters by status and code: the server is asked, and the list shows its answer', async () => {
    const api = await openConsole(base, 'OPEN', '/admin/coupons');
    await userEvent.type(screen.getByPlaceholderText('Search by code'), 'lim');
    await waitFor(() => expect(screen.queryByText('OLD')).not.toBeInTheDocument(), { timeout: 10_000 });
    expect(screen.getByText('LIMITED')).toBeInTheDocument();
    await userEvent.clear(screen.getByPlaceholderText('Search by code'));
    await screen.findByText('OLD');
    fireEvent.mouseDown(screen.getByLabelText('Status'));
    fireEvent.click(await screen.findByRole('option', { name: 'expired' }));
    await waitFor(() => expect(screen.queryByText('OPEN')).not.toBeInTheDocument());
    expect(screen.getByText('OLD')).toBeInTheDocument();
    expect(listQuery(api.calls.filter((c) => c.path === '/admin/coupons').at(-1)).status).toBe('expired');
  });

  it('creates a coupon: upper-cased code, limits by type, empty optionals as null', async () => {
    const api = await openConsole(
      {
        ...base,
        'POST /admin/coupons': (c) => ({
          coupon: { ...coupon('new', {}), ...(c.body as object), id: 'new' },
        }),
      },
      'OPEN',
      '/admin/coupons',
    );
    const form = screen.getByRole('form', { name: 'Create Coupon' });
    const amount = within(form).getByRole('spinbutton', { name: /Amount/ });
    expect(amount).toHaveAttribute('max', '100');
    expect(amount).toHaveAttribute('step', '1');
    expect(amount).toHaveAttribute('min', '0');
    expect(within(form).getByRole('spinbutton', { name: /Usage limit/ })).toHaveAttribute('min', '1');
    await userEvent.type(within(form).getByRole('textbox', { name: /Code/ }), 'spring25');
    expect(within(form).getByRole('textbox', { name: /Code/ })).toHaveValue('SPRING25');
    fireEvent.mouseDown(within(form).getByLabelText('Discount type'));
    fireEvent.click(await screen.findByRole('option', { name: 'Fixed amount' }));
    expect(amount).toHaveAttribute('step', '0.01');
    expect(amount).toHaveAttribute('max', '1000000');
    await userEvent.type(amount, '4.99');
    await userEvent.click(within(form).getByRole('button', { name: 'Create Coupon' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      code: 'SPRING25',
      discountType: 'fixed',
      amount: 4.99,
      usageLimit: null,
      expiresAt: null,
    });
    await waitFor(() => expect(within(form).getByRole('textbox', { name: /Code/ })).toHaveValue(''));
  });

  it('refuses a fixed amount or usage limit beyond its bound, naming it, and sends nothing', async () => {
    const api = await openConsole(base, 'OPEN', '/admin/coupons');
    const form = screen.getByRole('form', { name: 'Create Coupon' });
    const usageLimit = within(form).getByRole('spinbutton', { name: /Usage limit/ });
    expect(usageLimit).toHaveAttribute('max', '1000000000');
    await userEvent.type(within(form).getByRole('textbox', { name: /Code/ }), 'HUGE');
    fireEvent.mouseDown(within(form).getByLabelText('Discount type'));
    fireEvent.click(await screen.findByRole('option', { name: 'Fixed amount' }));
    await userEvent.type(within(form).getByRole('spinbutton', { name: /Amount/ }), '1000000000000');
    await userEvent.type(usageLimit, '1000000000000000');
    await userEvent.click(within(form).getByRole('button', { name: 'Create Coupon' }));
    expect(await within(form).findByText('A fixed amount can be at most 1,000,000')).toBeInTheDocument();
    expect(within(form).getByText('Usage limit can be at most 1,000,000,000')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('shows the server message, or the spec text, when creating fails', async () => {
    let withMessage = true;
    await openConsole(
      {
        ...base,
        'POST /admin/coupons': () =>
          withMessage
            ? jsonResponse({ message: 'A coupon with this code already exists' }, 409)
            : new Response('', { status: 500 }),
      },
      'OPEN',
      '/admin/coupons',
    );
    const form = screen.getByRole('form', { name: 'Create Coupon' });
    await userEvent.type(within(form).getByRole('textbox', { name: /Code/ }), 'OPEN');
    await userEvent.type(within(form).getByRole('spinbutton', { name: /Amount/ }), '10');
    await userEvent.click(within(form).getByRole('button', { name: 'Create Coupon' }));
    // The spec's text, then the server's reason for refusing.
    expect(
      await within(form).findByText('Failed to create coupon: A coupon with this code already exists'),
    ).toBeInTheDocument();
    withMessage = false;
    await userEvent.click(within(form).getByRole('button', { name: 'Create Coupon' }));
    expect(await within(form).findByText('Failed to create coupon')).toBeInTheDocument();
  });

  it('deactivates, and deletes only after the spec confirmation', async () => {
    const api = await openConsole(
      {
        ...base,
        'PATCH /admin/coupons/open': () => ({}),
        'DELETE /admin/coupons/off': () => ({}),
      },
      'OPEN',
      '/admin/coupons',
    );
    await userEvent.click(within(rowOf('OPEN')).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ isActive: false }),
    );
    await userEvent.click(within(rowOf('OFF')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete this coupon?')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(api.calls.some((c) => c.method === 'DELETE' && c.path === '/admin/coupons/off')).toBe(true),
    );
  });

  it('keeps a coupon row busy only while its own change is on the way, and reports a refusal', async () => {
    const open = held();
    const off = held();
    await openConsole(
      { ...base, 'PATCH /admin/coupons/open': open.route, 'PATCH /admin/coupons/off': off.route },
      'OPEN',
      '/admin/coupons',
    );
    const button = (code: string, name: string) => within(rowOf(code)).getByRole('button', { name });
    await userEvent.click(button('OPEN', 'Deactivate'));
    await waitFor(() => expect(button('OPEN', 'Deactivate')).toBeDisabled());
    expect(button('OFF', 'Activate')).toBeEnabled();
    await userEvent.click(button('OFF', 'Activate'));
    await waitFor(() => expect(button('OFF', 'Activate')).toBeDisabled());

    // The second change lands first: its row is free again while the first still waits.
    off.release(jsonResponse({ ...COUPONS[4], isActive: true }));
    await waitFor(() => expect(button('OFF', 'Deactivate')).toBeEnabled());
    expect(button('OPEN', 'Deactivate')).toBeDisabled();

    open.release(jsonResponse({ message: 'Coupon is being redeemed' }, 409));
    expect(await screen.findByText(/Coupon is being redeemed/)).toBeInTheDocument();
    await waitFor(() => expect(button('OPEN', 'Deactivate')).toBeEnabled());
  });

  it('bulk-activates the selection after confirming', async () => {
    const api = await openConsole(
      {
        ...base,
        'PATCH /admin/coupons/off': () => ({}),
        'PATCH /admin/coupons/old': () => ({}),
      },
      'OPEN',
      '/admin/coupons',
    );
    await userEvent.click(within(rowOf('OFF')).getByRole('checkbox', { name: /select row/i }));
    await userEvent.click(within(rowOf('OLD')).getByRole('checkbox', { name: /select row/i }));
    const toolbar = screen
      .getByText('2 items selected')
      .closest('[data-test="bulk-actions-toolbar"]') as HTMLElement;
    expect(within(toolbar).getByRole('button', { name: 'Deactivate' })).toBeInTheDocument();
    expect(within(toolbar).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    await userEvent.click(within(toolbar).getByRole('button', { name: 'Activate' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(
        api.calls
          .filter((c) => c.method === 'PATCH')
          .map((c) => c.path)
          .sort(),
      ).toEqual(['/admin/coupons/off', '/admin/coupons/old']),
    );
  });

  it('shows the spec texts for load, stats, update and delete failures', async () => {
    fakeApi({ 'GET /admin/coupons': fail(), 'GET /admin/coupons/stats': fail() });
    renderConsole('/admin/coupons');
    expect(await screen.findByText('Failed to load coupons.')).toBeInTheDocument();
    expect(await screen.findByText('Failed to load coupon stats.')).toBeInTheDocument();
    cleanup();
    await openConsole(
      { ...base, 'PATCH /admin/coupons/open': fail(), 'DELETE /admin/coupons/open': fail() },
      'OPEN',
      '/admin/coupons',
    );
    await userEvent.click(within(rowOf('OPEN')).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Failed to update coupon.')).toBeInTheDocument();
    await userEvent.click(within(rowOf('OPEN')).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Failed to delete coupon.')).toBeInTheDocument();
  });
});
