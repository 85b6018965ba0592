import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SORTABLE } from '../../src/contract/adminSort';
import { fakeApi, renderConsole, type Route, serverList } from './adminHarness';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

// The sort keys each list endpoint accepts, as the contract publishes them; the server answers any other key
// with 400 (tests/api/adminSortKeys.test.ts checks the server against the same lists).
const SERVER_SORTS = SORTABLE;

/** An empty list as our server answers it: an empty page to react-admin, `{ [key]: [] }` to a named call. */
const empty = (key: string) => serverList(key, []);
const LISTS: [keyof typeof SERVER_SORTS, string, Record<string, Route>, string[]][] = [
  // The ads switch is left unsorted on purpose: a row would jump away as its switch is used.
  ['users', '/admin/users', { 'GET /admin/users': empty('users') }, ['adsDisabled']],
  [
    'coupons',
    '/admin/coupons',
    {
      'GET /admin/coupons': empty('coupons'),
      'GET /admin/coupons/stats': () => ({
        totalCoupons: 0,
        activeCoupons: 0,
        expiredCoupons: 0,
        totalUsages: 0,
      }),
    },
    [],
  ],
  [
    'flagged',
    '/admin/flagged',
    {
      'GET /admin/users/flagged': empty('users'),
      'GET /admin/abuse/stats': () => ({
        totalFlagged: 0,
        flaggedToday: 0,
        flaggedThisWeek: 0,
        mostCommonReasons: [],
      }),
    },
    [],
  ],
  [
    'suspicious',
    '/admin/suspicious',
    {
      'GET /admin/users/suspicious': serverList('users', [], {
        statistics: {
          totalUsers: 0,
          flaggedUsers: 0,
          averageEstimatedCost: 0,
          totalEstimatedCost: 0,
          thresholds: { TOKENS_30D: 1, STORAGE_GB: 1, COST_DOLLAR: 1 },
        },
      }),
      'GET /admin/cost-analysis/summary': () => ({
        tokens: { total: 0, cost: 0 },
        storage: { totalGB: 0, cost: 0 },
        total: { estimatedCost: 0 },
      }),
    },
    [],
  ],
  ['messages', '/admin/messages', { 'GET /admin/messages': empty('messages') }, ['message']],
  // Its arrows were missing while the server sorted by them: the list was named apart from its resource.
  ['audit-log', '/admin/audit-log', { 'GET /admin/audit-log': empty('entries') }, ['summary']],
];

describe('console column headers', () => {
  it.each(LISTS)(
    '%s offers to sort by the keys the server applies, and only by them',
    async (list, path, routes, unsortable) => {
      fakeApi(routes);
      renderConsole(path);
      await screen.findAllByRole('columnheader');
      const headers = screen.getAllByRole('columnheader');
      const sortable = headers
        .filter((h) => h.classList.contains('MuiDataGrid-columnHeader--sortable'))
        .map((h) => h.getAttribute('data-field'));
      expect(sortable.length).toBeGreaterThan(0);
      for (const field of sortable) expect(SERVER_SORTS[list], String(field)).toContain(field);
      const fields = headers.map((h) => h.getAttribute('data-field'));
      // And the other way: every other column the server sorts by offers to.
      const serverSorts: readonly string[] = SERVER_SORTS[list];
      for (const field of fields.filter((f) => f && serverSorts.includes(f) && !unsortable.includes(f)))
        expect(sortable, String(field)).toContain(field);
      for (const field of unsortable) {
        expect(fields).toContain(field);
        expect(sortable).not.toContain(field);
      }
    },
  );
});
