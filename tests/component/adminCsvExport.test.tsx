// The CSV export of a long list (src-admin/csv/ExportCsvButton.tsx): every page, in the server's order, a few
// pages at a time, and nothing more asked for once a page has failed.
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Papa from 'papaparse';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureDownloads, fakeApi, jsonResponse, renderConsole, type ApiCall } from './adminHarness';
import { numberedUserRow } from './fixtures';

let downloads: { name: string; blob: Blob }[];
beforeEach(() => {
  downloads = captureDownloads();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Users answered as our server does (a range, X-Total-Count), with how many were on their way at once. */
function rangedUsers(total: number, failAt?: number) {
  const users = Array.from({ length: total }, (_, i) => numberedUserRow(i + 1, {}, i));
  const seen = { starts: [] as number[], inFlight: 0, most: 0 };
  const route = async (call: ApiCall) => {
    const [first, last] = JSON.parse(call.query.range ?? '[0,24]') as [number, number];
    seen.starts.push(first);
    if (first === failAt) return jsonResponse({ message: 'Database busy' }, 503);
    seen.inFlight++;
    seen.most = Math.max(seen.most, seen.inFlight);
    await tick(20);
    seen.inFlight--;
    const end = Math.min(last, total - 1);
    return jsonResponse(users.slice(first, end + 1), 200, { 'X-Total-Count': String(total) });
  };
  return { route, seen };
}

describe('exporting a long list to CSV', () => {
  it('fetches every page, a few at a time, and writes the rows in the server’s order', async () => {
    const users = rangedUsers(1234);
    fakeApi({ 'GET /admin/users': users.route });
    renderConsole('/admin/users');
    await screen.findByText('user1@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads).toHaveLength(1), { timeout: 10_000 });

    const [header, ...rows] = Papa.parse<string[]>(await downloads[0].blob.text(), {
      skipEmptyLines: true,
    }).data;
    expect(header[0]).toBe('Email');
    expect(rows).toHaveLength(1234);
    expect(rows.map((r) => r[0])).toEqual(Array.from({ length: 1234 }, (_, i) => `user${i + 1}@example.com`));
    // The list's own first page, then the export's three pages of 500, each asked for once.
    expect(users.seen.starts.filter((s) => s % 500 === 0 && s > 0).sort()).toEqual([1000, 500]);
    expect(users.seen.most).toBeGreaterThan(1);
    expect(screen.queryByRole('progressbar', { name: 'Export progress' })).toBeNull();
  });

  it('stops asking for pages after one fails, says so, and downloads nothing', async () => {
    // The second page fails at once while the third to fifth, asked for with it, are still on their way.
    const users = rangedUsers(4000, 500);
    fakeApi({ 'GET /admin/users': users.route });
    renderConsole('/admin/users');
    await screen.findByText('user1@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Failed to load users.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled());
    expect(downloads).toEqual([]);
    // At most the pages already on their way when the first failed: never the eight pages of the whole list.
    expect(users.seen.starts.filter((s) => s >= 500).length).toBeLessThanOrEqual(4);
  });

  it('has the server stream a list longer than 10,000 rows: one request, the visible columns, the filters', async () => {
    const users = rangedUsers(25_000);
    const csv = '"Email","Plan"\r\n' + '"a@example.com","free"\r\n'.repeat(3) + '"b@example.com","free"\r\n';
    const exported: ApiCall[] = [];
    fakeApi({
      'GET /admin/users': users.route,
      'GET /admin/users/export': (call) => {
        exported.push(call);
        return new Response(csv, { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
      },
    });
    const filter = encodeURIComponent(JSON.stringify({ q: ' example ', plan: 'free' }));
    renderConsole(`/admin/users?filter=${filter}`);
    await screen.findByText('user1@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads).toHaveLength(1));

    expect(downloads[0].name).toBe(`users-${new Date().toISOString().slice(0, 10)}.csv`);
    expect(await downloads[0].blob.text()).toBe(csv);
    expect(exported).toHaveLength(1);
    expect(exported[0].query).toEqual({
      search: 'example',
      plan: 'free',
      fields: 'email,name,plan,subscriptionStatus,tokens30d,storageUsed,adsDisabled,createdAt',
    });
    // Only the list's own first page was read as JSON: no page of the export.
    expect(users.seen.starts).toEqual([0]);
    expect(screen.queryByRole('progressbar', { name: 'Export progress' })).toBeNull();
  });

  it('a streamed export the server refuses says why, and downloads nothing', async () => {
    const users = rangedUsers(25_000);
    fakeApi({
      'GET /admin/users': users.route,
      'GET /admin/users/export': () => jsonResponse({ message: 'Search is too long.' }, 400),
    });
    renderConsole('/admin/users');
    await screen.findByText('user1@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Failed to load users. Search is too long.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled());
    expect(downloads).toEqual([]);
  });
});
