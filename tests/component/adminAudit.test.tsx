import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  columnHeaders,
  jsonResponse,
  listQuery,
  openConsole,
  rowOf,
  type ApiCall,
  serverList,
} from './adminHarness';
import { userRow } from './fixtures';

const created: Blob[] = [];
beforeEach(() => {
  created.length = 0;
  // jsdom has no object URLs: keep the exported file to read it back.
  URL.createObjectURL = vi.fn((blob: Blob) => `blob:${created.push(blob)}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const entry = (id: number, extra: Record<string, unknown>): Record<string, unknown> => ({
  id,
  at: `2026-11-2${id}T10:00:00.000Z`,
  actor: 'admin@example.com',
  before: null,
  after: null,
  ...extra,
});
const ENTRIES = [
  entry(5, {
    action: 'user.ads',
    targetType: 'user',
    targetId: 'u1',
    summary: 'Disabled ads for sam@example.com',
    before: { adsDisabled: false },
    after: { adsDisabled: true },
  }),
  entry(4, {
    action: 'message.status',
    targetType: 'message',
    targetId: 'm1',
    summary: 'Resolved the support message from Bob',
  }),
  entry(3, { action: 'coupon.delete', targetType: 'coupon', targetId: 'c1', summary: '=cmd deleted coupon' }),
  entry(2, {
    action: 'ai-config.reset',
    targetType: 'ai-config',
    targetId: null,
    summary: 'Reset every AI task',
    actor: 'ops@example.com',
  }),
];
const HISTORY = {
  email: 'sam@example.com',
  userId: 'u1',
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
};
/** The audit log as our server answers react-admin: filtered, newest first, the total in X-Total-Count. */
function auditLog(c: ApiCall) {
  const f = listQuery(c);
  const rows = ENTRIES.filter(
    (e) =>
      (!f.actor || e.actor === f.actor) &&
      (!f.action || e.action === f.action) &&
      (!f.targetId || e.targetId === f.targetId),
  );
  return jsonResponse(rows, 200, {
    'X-Total-Count': String(rows.length),
  });
}
const base = {
  'GET /admin/audit-log': auditLog,
  'GET /admin/users/u1/abuse-history': () => HISTORY,
};

describe('console audit log', () => {
  it('lists entries newest first with a link to each target, and filters by actor, action and dates', async () => {
    const api = await openConsole(base, 'Disabled ads for sam@example.com', '/admin/audit-log');
    expect(columnHeaders()).toEqual(['Date', 'Actor', 'Action', 'Summary', 'Target']);
    const first = api.calls.find((c) => c.path === '/admin/audit-log')!;
    expect(listQuery(first)).toMatchObject({ sort: 'at', order: 'DESC' });
    expect(
      within(rowOf('Resolved the support message from Bob')).getByRole('link', { name: 'Message' }),
    ).toHaveAttribute('href', '/admin/messages/m1/show');
    expect(within(rowOf('=cmd deleted coupon')).getByRole('link', { name: 'Coupons' })).toHaveAttribute(
      'href',
      '/admin/coupons',
    );
    expect(within(rowOf('Reset every AI task')).getByRole('link', { name: 'AI settings' })).toHaveAttribute(
      'href',
      '/admin/ai-config',
    );
    expect(
      within(rowOf('Disabled ads for sam@example.com')).getByRole('button', { name: 'User details' }),
    ).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Actor email'), 'ops@example.com');
    await waitFor(() =>
      expect(screen.queryByText('Disabled ads for sam@example.com')).not.toBeInTheDocument(),
    );
    expect(screen.getByText('Reset every AI task')).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Action'));
    await userEvent.click(await screen.findByRole('option', { name: 'ai-config.reset' }));
    await userEvent.type(screen.getByLabelText('From'), '2026-11-01');
    await userEvent.type(screen.getByLabelText('To'), '2026-11-30');
    await waitFor(() =>
      expect(listQuery(api.calls.filter((c) => c.path === '/admin/audit-log').at(-1))).toMatchObject({
        actor: 'ops@example.com',
        action: 'ai-config.reset',
        from: '2026-11-01',
        to: '2026-11-30',
      }),
    );
  });

  it('opens a user entry as the user’s details, with their audit entries and Sign out everywhere', async () => {
    const api = await openConsole(
      {
        ...base,
        'POST /admin/users/u1/revoke-sessions': () => ({
          message: 'Signed out everywhere: 2 sessions ended',
          revoked: 2,
        }),
      },
      'Disabled ads for sam@example.com',
      '/admin/audit-log',
    );
    await userEvent.click(
      within(rowOf('Disabled ads for sam@example.com')).getByRole('button', { name: 'User details' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'User Details' });
    const entries = await within(dialog).findByRole('region', { name: 'Audit log entries' });
    expect(
      await within(entries).findByText(/Disabled ads for sam@example\.com \(by admin@example\.com\)/),
    ).toBeInTheDocument();
    expect(
      api.calls.some(
        (c) =>
          c.path === '/admin/audit-log' &&
          listQuery(c).targetId === 'u1' &&
          listQuery(c).targetType === 'user',
      ),
    ).toBe(true);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    const confirm = await screen.findByRole('dialog', { name: 'Sign out everywhere?' });
    expect(within(confirm).getByText(/Every session of sam@example\.com ends now/)).toBeInTheDocument();
    expect(api.calls.some((c) => c.path.endsWith('/revoke-sessions'))).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByText('Signed out everywhere: 2 sessions ended')).toBeInTheDocument();
    expect(
      api.calls.filter((c) => c.method === 'POST' && c.path === '/admin/users/u1/revoke-sessions'),
    ).toHaveLength(1);
  });

  it('exports the filtered log with each change before and after, formulas neutralised', async () => {
    await openConsole(base, 'Disabled ads for sam@example.com', '/admin/audit-log');
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(created.length).toBe(1));
    const lines = (await created[0].text()).split('\r\n');
    expect(lines[0]).toBe('"Date","Actor","Action","Target type","Target id","Summary","Before","After"');
    expect(lines[1]).toBe(
      '"2026-11-25T10:00:00.000Z","admin@example.com","user.ads","user","u1","Disabled ads for sam@example.com","{""adsDisabled"":false}","{""adsDisabled"":true}"',
    );
    expect(lines[3]).toContain(`"'=cmd deleted coupon"`);
    expect(lines).toHaveLength(5);
  });
});

describe('sign out everywhere from the Users list', () => {
  const USER = userRow({ email: 'sam@example.com', name: 'Sam', displayName: 'Sam' }, 10);
  const users = serverList('users', [USER]);

  it('asks first, then shows the server’s message; a failure shows the server’s reason', async () => {
    let answer: Response = jsonResponse({ message: 'Signed out everywhere: 1 session ended', revoked: 1 });
    const api = await openConsole(
      {
        ...base,
        'GET /admin/users': users,
        'POST /admin/users/u1/revoke-sessions': () => answer,
      },
      'sam@example.com',
      '/admin/users',
    );
    const button = within(rowOf('sam@example.com')).getByRole('button', {
      name: 'Sign sam@example.com out everywhere',
    });
    await userEvent.click(button);
    const confirm = await screen.findByRole('dialog', { name: 'Sign out everywhere?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.some((c) => c.path.endsWith('/revoke-sessions'))).toBe(false);

    await userEvent.click(button);
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Sign out everywhere?' })).getByRole('button', {
        name: 'Sign out everywhere',
      }),
    );
    expect(await screen.findByText('Signed out everywhere: 1 session ended')).toBeInTheDocument();

    answer = jsonResponse({ message: 'User not found' }, 404);
    await userEvent.click(button);
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Sign out everywhere?' })).getByRole('button', {
        name: 'Sign out everywhere',
      }),
    );
    expect(await screen.findByText(/User not found/)).toBeInTheDocument();
  });
});
