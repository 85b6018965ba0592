import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeApi, jsonResponse, openConsole, renderConsole } from './adminHarness';
import { columnHeaders, expectRowShows, listQuery, rowOf, type ApiCall } from './adminHarness';

const objectUrls = { created: [] as Blob[], revoked: [] as string[] };
beforeEach(() => {
  objectUrls.created = [];
  objectUrls.revoked = [];
  // jsdom has no object URLs: record what the console hands over and takes back.
  URL.createObjectURL = vi.fn((blob: Blob) => {
    objectUrls.created.push(blob);
    return `blob:shot-${objectUrls.created.length}`;
  });
  URL.revokeObjectURL = vi.fn((url: string) => void objectUrls.revoked.push(url));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const message = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  type: 'support',
  name: `Sender ${id}`,
  email: `${id}@example.com`,
  message: `Message ${id}`,
  hasScreenshot: false,
  status: 'open',
  createdAt: '2026-11-20T10:00:00.000Z',
  handledBy: null,
  handledAt: null,
  ...extra,
});
const MESSAGES = [
  message('m1', { hasScreenshot: true, message: 'Sync broke\nsince Monday' }),
  message('m2', { type: 'contact', message: '=HYPERLINK("http://evil.example")' }),
  message('m3', { status: 'resolved', handledBy: 'ops@example.com', handledAt: '2026-11-21T09:00:00.000Z' }),
];
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The inbox as our server answers react-admin: filtered by type and status, one range, the total in X-Total-Count. */
function inbox(c: ApiCall) {
  const f = listQuery(c);
  const rows = MESSAGES.filter((m) => (!f.type || m.type === f.type) && (!f.status || m.status === f.status));
  const start = Number(f.start ?? 0);
  const end = Math.min(Number(f.end ?? 24), rows.length - 1);
  return jsonResponse(rows.slice(start, end + 1), 200, {
    'X-Total-Count': String(rows.length),
  });
}
const base = {
  'GET /admin/messages': inbox,
  'GET /admin/messages/m1': () => MESSAGES[0],
  'GET /admin/messages/m1/screenshot': () => new Response(PNG, { headers: { 'Content-Type': 'image/png' } }),
};

describe('console support inbox', () => {
  it('lists the messages with their columns and filters, and shows the open count on the tab', async () => {
    const api = await openConsole(base, 'm2@example.com', '/admin/messages');
    expect(columnHeaders()).toEqual([
      'Date',
      'Type',
      'Name',
      'Email',
      'Message',
      'Screenshot',
      'Status',
      'Handled by',
    ]);
    expectRowShows('m1@example.com', 'Yes', 'Open');
    expectRowShows('m3@example.com', 'Resolved', 'ops@example.com');
    expect(within(rowOf('m2@example.com')).getByText('Contact')).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Support, 2 open' })).toBeInTheDocument();

    await userEvent.click(screen.getByLabelText('Type'));
    await userEvent.click(await screen.findByRole('option', { name: 'Contact' }));
    await waitFor(() => expect(screen.queryByText('m1@example.com')).not.toBeInTheDocument());
    expect(screen.getByText('m2@example.com')).toBeInTheDocument();
    await userEvent.type(screen.getByPlaceholderText('Search name, email or message'), 'HYPER');
    const searched = (c: ApiCall) =>
      c.path === '/admin/messages' && [listQuery(c).q, listQuery(c).search].includes('HYPER');
    await waitFor(() => expect(api.calls.some(searched)).toBe(true));
    expect(listQuery(api.calls.find(searched)).type).toBe('contact');
  });

  it('hides Handled by at 1024 px, so the inbox fits without scrolling sideways', async () => {
    await openConsole(base, 'm2@example.com', '/admin/messages', undefined, 1024);
    expect(columnHeaders()).toEqual(['Date', 'Type', 'Name', 'Email', 'Message', 'Screenshot', 'Status']);
  });

  it('resolves the selected messages one by one, says how many were, and recounts the open ones', async () => {
    const patched: unknown[] = [];
    fakeApi({
      ...base,
      'PATCH /admin/messages/m1': (c) => {
        patched.push(['m1', c.body]);
        MESSAGES[0].status = 'resolved';
        return { message: 'Message resolved', contactMessage: MESSAGES[0] };
      },
      'PATCH /admin/messages/m2': (c) => {
        patched.push(['m2', c.body]);
        MESSAGES[1].status = 'resolved';
        return { message: 'Message resolved', contactMessage: MESSAGES[1] };
      },
    });
    // React names a prop that reached the page's HTML (react-admin's own bulk button leaked its mutation options).
    const warnings = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      renderConsole('/admin/messages');
      await screen.findByText('m1@example.com');
      await screen.findByRole('tab', { name: 'Support, 2 open' });
      for (const email of ['m1@example.com', 'm2@example.com'])
        await userEvent.click(within(rowOf(email)).getByRole('checkbox'));
      await userEvent.click(screen.getByRole('button', { name: 'Resolve' }));
      await userEvent.click(
        within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }),
      );
      await screen.findByText('Resolve: 2 of 2 succeeded.');
      expect(patched).toEqual([
        ['m1', { status: 'resolved' }],
        ['m2', { status: 'resolved' }],
      ]);
      // No open message left: the tab is plain "Support" again.
      expect(await screen.findByRole('tab', { name: 'Support' })).toBeInTheDocument();
      expect(
        warnings.mock.calls
          .map((c) => String(c[0]))
          .filter((m) => /does not recognize|Unknown event handler/.test(m)),
      ).toEqual([]);
    } finally {
      warnings.mockRestore();
      MESSAGES[0].status = 'open';
      MESSAGES[1].status = 'open';
    }
  });

  it('names the message the server would not resolve, keeps it selected, and resolves the rest', async () => {
    fakeApi({
      ...base,
      'PATCH /admin/messages/m1': () => {
        MESSAGES[0].status = 'resolved';
        return { message: 'Message resolved', contactMessage: MESSAGES[0] };
      },
      'PATCH /admin/messages/m2': () => jsonResponse({ message: 'Message was deleted' }, 409),
    });
    try {
      renderConsole('/admin/messages');
      await screen.findByText('m1@example.com');
      for (const email of ['m1@example.com', 'm2@example.com'])
        await userEvent.click(within(rowOf(email)).getByRole('checkbox'));
      await userEvent.click(screen.getByRole('button', { name: 'Resolve' }));
      await userEvent.click(
        within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }),
      );
      await screen.findByText(
        'Resolve: 1 of 2 succeeded. Failed: m2@example.com (Failed to update message. Message was deleted).',
      );
      expect(within(rowOf('m2@example.com')).getByRole('checkbox')).toBeChecked();
      expect(within(rowOf('m1@example.com')).getByRole('checkbox')).not.toBeChecked();
    } finally {
      MESSAGES[0].status = 'open';
    }
  });

  it('exports the filtered inbox to CSV with its seven columns, formulas neutralised', async () => {
    const api = await openConsole(base, 'm2@example.com', '/admin/messages');
    await userEvent.click(screen.getByLabelText('Status'));
    await userEvent.click(await screen.findByRole('option', { name: 'Open' }));
    await waitFor(() => expect(screen.queryByText('m3@example.com')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(objectUrls.created.length).toBeGreaterThan(0));
    const csv = await objectUrls.created.at(-1)!.text();
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('"Date","Type","Name","Email","Message","Status","Handled by"');
    expect(lines).toHaveLength(3);
    expect(csv).toContain('"support","Sender m1","m1@example.com","Sync broke\nsince Monday","open",""');
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(api.calls.filter((c) => c.query.perPage === '500').every((c) => c.query.status === 'open')).toBe(
      true,
    );
  });

  it('shows a message in full with its screenshot fetched with the session, a reply link, and Resolve', async () => {
    let current: Record<string, unknown> = MESSAGES[0];
    const api = fakeApi({
      ...base,
      'GET /admin/messages/m1': () => current,
      'PATCH /admin/messages/m1': () => {
        current = {
          ...current,
          status: 'resolved',
          handledBy: 'admin@example.com',
          handledAt: '2026-11-22T08:00:00.000Z',
        };
        return { message: 'Message resolved', contactMessage: current };
      },
    });
    const view = renderConsole('/admin/messages/m1/show');
    expect(await screen.findByRole('heading', { name: 'Sender m1 <m1@example.com>' })).toBeInTheDocument();
    expect(screen.getByText(/Sync broke\s+since Monday/)).toBeInTheDocument();
    const img = await screen.findByRole('img', { name: 'Screenshot from Sender m1' });
    expect(img).toHaveAttribute('src', 'blob:shot-1');
    const shotCall = api.fetchMock.mock.calls.find(([url]) => String(url).includes('/screenshot'))!;
    expect(String(shotCall[0])).not.toContain('test-token');
    expect((shotCall[1] as RequestInit).headers).toMatchObject({ Authorization: 'Bearer test-token' });
    const reply = screen.getByRole('link', { name: 'Reply by email' });
    expect(reply.getAttribute('href')).toMatch(
      /^mailto:m1@example\.com\?subject=Re%3A%20your%20support%20request/,
    );
    expect(decodeURIComponent(reply.getAttribute('href')!)).toContain('> Sync broke\n> since Monday');

    await userEvent.click(screen.getByRole('button', { name: 'Resolve' }));
    expect(await screen.findByText('Message resolved')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ status: 'resolved' });
    expect(await screen.findByRole('button', { name: 'Reopen' })).toBeInTheDocument();
    expect(screen.getByText(/^Resolved by admin@example\.com on /)).toBeInTheDocument();
    expect(screen.getByText(/^Resolved by admin@example\.com on /)).toBeInTheDocument();

    view.unmount();
    expect(objectUrls.revoked).toContain('blob:shot-1');
  });

  it('says so when the message or its screenshot cannot be loaded, and shows the server’s reason for a failed Resolve', async () => {
    fakeApi({
      ...base,
      'GET /admin/messages/m1/screenshot': fail(404),
      'PATCH /admin/messages/m1': () => jsonResponse({ message: 'Message not found' }, 404),
    });
    renderConsole('/admin/messages/m1/show');
    expect(await screen.findByText('Failed to load screenshot.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Resolve' }));
    expect(await screen.findByText(/Message not found/)).toBeInTheDocument();
    cleanup();
    fakeApi({ ...base, 'GET /admin/messages/m1': fail() });
    renderConsole('/admin/messages/m1/show');
    expect(await screen.findByText(/Failed to load message/)).toBeInTheDocument();
  });
});
