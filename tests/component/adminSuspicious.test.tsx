import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Papa from 'papaparse';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  captureDownloads,
  columnHeaders,
  fail,
  fakeApi,
  openConsole,
  renderConsole,
  rowOf,
  serverList,
} from './adminHarness';
import { suspiciousCsvColumns } from '../../src-admin/suspicious/suspiciousCsv';

const suspicious = (
  i: number,
  cost: number,
  flaggedForAbuse: boolean,
  extra: Record<string, unknown> = {},
) => ({
  _id: `s${i}`,
  email: `heavy${i}@example.com`,
  displayName: `Heavy ${i}`,
  name: `Heavy ${i}`,
  plan: 'free',
  tokensUsed30d: 100000 * i,
  storageUsedMB: 900.5 + i,
  estimatedCost: cost,
  flaggedForAbuse,
  suspiciousReasons: [`High token usage: ${i}00k`],
  ...extra,
});
const USERS = [
  suspicious(1, 1.2346, true),
  suspicious(2, 0.75, false),
  suspicious(3, 0.2, true, { email: '=cmd@example.com', suspiciousReasons: ['+formula', 'Large storage'] }),
];
const STATISTICS = {
  totalUsers: 3,
  flaggedUsers: 2,
  averageEstimatedCost: 0.728,
  totalEstimatedCost: 2.1845,
  thresholds: { TOKENS_30D: 500000, STORAGE_GB: 5, COST_DOLLAR: 1 },
};
const SUMMARY = {
  tokens: { total: 1234567, cost: 1.5 },
  storage: { totalGB: 2.5, cost: 0.686 },
  total: { estimatedCost: 2.1845 },
};
const base = {
  'GET /admin/users/suspicious': serverList('users', USERS, { statistics: STATISTICS }),
  'GET /admin/cost-analysis/summary': () => SUMMARY,
};
const card = (label: string) => screen.getAllByRole('group', { name: label });

let downloads: { name: string; blob: Blob }[];
beforeEach(() => {
  downloads = captureDownloads();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('console suspicious users', () => {
  it('shows the cost summary and stat cards, the columns, cost colours and statuses, and the thresholds', async () => {
    await openConsole(base, 'heavy1@example.com', '/admin/suspicious');
    await waitFor(() => expect(within(card('AI Cost (30d)')[0]).getByText('$1.500')).toBeInTheDocument());
    expect(within(card('AI Cost (30d)')[0]).getByText('1,234,567 tokens')).toBeInTheDocument();
    expect(within(card('Storage Cost (30d)')[0]).getByText('$0.686')).toBeInTheDocument();
    expect(within(card('Storage Cost (30d)')[0]).getByText('2.50 GB')).toBeInTheDocument();
    expect(card('Total Estimated Cost')).toHaveLength(2);
    expect(within(card('Total Users')[0]).getByText('3')).toBeInTheDocument();
    expect(within(card('Flagged Users')[0]).getByText('2')).toBeInTheDocument();
    expect(within(card('Average Cost')[0]).getByText('$0.728')).toBeInTheDocument();
    expect(columnHeaders()).toEqual([
      'User',
      'Plan',
      'Tokens (30d)',
      'Storage',
      'Estimated Cost',
      'Status',
      'Reasons',
    ]);
    // Storage reads as everywhere: MB below 1 GB.
    expect(within(rowOf('heavy1@example.com')).getByText('902 MB')).toBeInTheDocument();
    expect(within(rowOf('heavy1@example.com')).getByText('$1.235')).toHaveAttribute('data-colour', 'red');
    expect(within(rowOf('heavy2@example.com')).getByText('$0.750')).toHaveAttribute('data-colour', 'orange');
    expect(within(rowOf('=cmd@example.com')).getByText('$0.200')).toHaveAttribute('data-colour', 'green');
    expect(within(rowOf('heavy1@example.com')).getByText('Flagged')).toBeInTheDocument();
    expect(within(rowOf('heavy2@example.com')).getByText('Suspicious')).toBeInTheDocument();
    expect(
      within(rowOf('heavy2@example.com')).queryByRole('button', { name: 'Mark as Safe' }),
    ).not.toBeInTheDocument();
    expect(
      screen.getByText(/more than 500,000 AI\s+tokens, stored more than 5 GB, or cost more than \$1.00/),
    ).toBeInTheDocument();
  });

  it('marks a flagged user safe and shows the server’s fresh list and count', async () => {
    let safe = false;
    const api = await openConsole(
      {
        'GET /admin/users/suspicious': (call) =>
          serverList(
            'users',
            USERS.map((u) => (u._id === 's1' && safe ? { ...u, flaggedForAbuse: false } : u)),
            { statistics: { ...STATISTICS, flaggedUsers: safe ? 1 : 2 } },
          )(call),
        'GET /admin/cost-analysis/summary': () => SUMMARY,
        'PATCH /admin/users/s1/mark-safe': () => ((safe = true), { message: 'ok' }),
      },
      'heavy1@example.com',
      '/admin/suspicious',
    );
    await userEvent.click(within(rowOf('heavy1@example.com')).getByRole('button', { name: 'Mark as Safe' }));
    await waitFor(() => expect(within(card('Flagged Users')[0]).getByText('1')).toBeInTheDocument());
    expect(within(rowOf('heavy1@example.com')).getByText('Suspicious')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'PATCH' && c.path === '/admin/users/s1/mark-safe')).toBe(true);
  });

  it('reloads the list, statistics and summary from the app bar’s refresh button', async () => {
    const api = await openConsole(base, 'heavy1@example.com', '/admin/suspicious');
    const before = api.calls.length;
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => {
      const after = api.calls.slice(before).map((c) => c.path);
      expect(after.filter((p) => p === '/admin/users/suspicious')).toHaveLength(2);
      expect(after).toContain('/admin/cost-analysis/summary');
    });
  });

  it('exports the CSV with exactly the spec columns, neutralised cells and the date in the filename', async () => {
    await openConsole(base, 'heavy1@example.com', '/admin/suspicious');
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0].name).toBe(`suspicious-users-${new Date().toISOString().slice(0, 10)}.csv`);
    const rows = Papa.parse<string[]>(await downloads[0].blob.text()).data;
    // The header's wording is pinned in tests/unit/adminLogic.test.ts; here: the download carries it.
    expect(rows[0]).toEqual(suspiciousCsvColumns.map((c) => c.header));
    expect(rows).toHaveLength(4);
    expect(rows[1]).toEqual([
      'heavy1@example.com',
      'Heavy 1',
      'free',
      '100000',
      '901.50',
      '1.235',
      'Yes',
      'High token usage: 100k',
    ]);
    expect(rows[3]).toEqual([
      "'=cmd@example.com",
      'Heavy 3',
      'free',
      '300000',
      '903.50',
      '0.200',
      'Yes',
      "'+formula; Large storage",
    ]);
  });

  it('shows failures in banners that disappear after 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await openConsole(
      { ...base, 'PATCH /admin/users/s1/mark-safe': fail() },
      'heavy1@example.com',
      '/admin/suspicious',
    );
    await userEvent.click(within(rowOf('heavy1@example.com')).getByRole('button', { name: 'Mark as Safe' }));
    expect(await screen.findByText('Failed to mark user as safe.')).toBeInTheDocument();
    expect(within(card('Flagged Users')[0]).getByText('2')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(5_100));
    expect(screen.queryByText('Failed to mark user as safe.')).not.toBeInTheDocument();
  });

  it('shows the load failure text in a banner', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fakeApi({ 'GET /admin/users/suspicious': fail(), 'GET /admin/cost-analysis/summary': () => SUMMARY });
    renderConsole('/admin/suspicious');
    const alerts = await screen.findAllByText('Failed to load suspicious users.');
    expect(alerts.length).toBeGreaterThan(0);
    act(() => vi.advanceTimersByTime(5_100));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
