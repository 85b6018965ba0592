import { configure, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route as RouterRoute, Routes } from 'react-router-dom';
import { memoryStore, type Store } from 'react-admin';
import { expect, vi } from 'vitest';
import { AdminConsole } from '../../src-admin/AdminConsole';
import type { Profile } from '../../src/contract/user';
import { profile } from './fixtures';

// The console's first render loads react-admin, MUI and the grid: give it more than the default second.
configure({ asyncUtilTimeout: 15_000 });
vi.setConfig({ testTimeout: 60_000 });

export const adminProfile: Profile = profile({
  _id: 'admin1',
  displayName: 'Ada Admin',
  name: 'Ada Admin',
  email: 'admin@example.com',
  plan: 'premium',
  subscriptionStatus: 'active',
  role: 'admin',
  emailVerified: true,
  adsDisabled: true,
  storageLimit: 10737418240,
});

export interface ApiCall {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}
export type Route = (call: ApiCall) => unknown | Response | Promise<unknown | Response>;

export const jsonResponse = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body ?? {}), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

/**
 * A fake admin API: routes keyed "METHOD /path" (path without /api); a route returns a body or a Response.
 * Unknown routes answer 404 so a missing stub shows up as a failure text.
 */
export function fakeApi(routes: Record<string, Route>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const call: ApiCall = {
      method: init.method ?? 'GET',
      path: url.pathname.replace(/^\/api/, ''),
      query: Object.fromEntries(url.searchParams),
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`];
    // The Support tab counts open messages on every screen: an empty inbox unless a test says otherwise.
    if (!route && call.method === 'GET' && call.path === '/admin/messages')
      return jsonResponse([], 200, { 'X-Total-Count': '0' });
    if (!route) return jsonResponse({ message: 'Not found' }, 404);
    const out = await route(call);
    return out instanceof Response ? out : jsonResponse(out);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

type Row = Record<string, unknown>;

const isSimpleRest = (call: ApiCall) => ['sort', 'range', 'filter'].some((k) => k in call.query);

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a ?? '').localeCompare(String(b ?? ''), 'en', { numeric: true });
}

/** How the server reads one filter key of a list, where it is not a field equal to the value. */
export type ServerFilters = Record<string, (row: Row, value: unknown) => boolean>;

/** Whether a row passes a simple-rest filter: `q` anywhere in its text, `id` a list of ids, other keys equal. */
function passes(row: Row, filter: Row, filters: ServerFilters): boolean {
  return Object.entries(filter).every(([k, v]) => {
    if (filters[k]) return filters[k](row, v);
    if (k === 'q' || k === 'search')
      return Object.values(row).some(
        (x) => typeof x === 'string' && x.toLowerCase().includes(String(v).toLowerCase()),
      );
    if (k === 'id') return (Array.isArray(v) ? v : [v]).map(String).includes(String(row.id));
    return !(k in row) || row[k] === v;
  });
}

/**
 * A list route answering as our server does (src-server/admin/listRoute.ts): react-admin's simple-rest call (sort,
 * range or filter in the query) gets the filtered, sorted page as a bare array, each record with an `id`, and the
 * total in X-Total-Count; the spec's own call (a named method's) gets `{ [key]: rows, ...extra }`.
 */
export const serverList =
  (key: string, rows: Row[] | (() => Row[]), extra: Row = {}, filters: ServerFilters = {}): Route =>
  (call) => {
    const all = typeof rows === 'function' ? rows() : rows;
    if (!isSimpleRest(call)) return { [key]: all, ...extra };
    const filter = JSON.parse(call.query.filter ?? '{}') as Row;
    const [field, order] = JSON.parse(call.query.sort ?? '[]') as [string?, string?];
    const matching = all
      .map((r): Row => ({ ...r, id: r.id ?? r._id }))
      .filter((r) => passes(r, filter, filters));
    const sorted = field
      ? [...matching].sort((a, b) => (order === 'DESC' ? -1 : 1) * compare(a[field], b[field]))
      : matching;
    const [start, end] = JSON.parse(call.query.range ?? '[0,9999]') as [number, number];
    return jsonResponse(sorted.slice(start, end + 1), 200, { 'X-Total-Count': String(matching.length) });
  };

/** The files the console hands the browser to download (an object URL clicked through an anchor), as they come. */
export function captureDownloads(): { name: string; blob: Blob }[] {
  const downloads: { name: string; blob: Blob }[] = [];
  let last: Blob | null = null;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: (b: Blob) => ((last = b), 'blob:x'), revokeObjectURL: () => {} }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (last) downloads.push({ name: this.download, blob: last });
  });
  return downloads;
}

/** An answer the test releases when it chooses: a request that stays on the way until then. */
export function held() {
  let release!: (r: Response) => void;
  const answer = new Promise<Response>((resolve) => (release = resolve));
  return { route: () => answer, release };
}

export const fail =
  (status = 500) =>
  () =>
    jsonResponse({ message: 'server exploded' }, status);

/** What a simple-rest list call asked for: its filter, and sort/order/range read back as plain fields. */
export function listQuery(call: ApiCall | undefined): Record<string, unknown> {
  if (!call) return {};
  const [sort, order] = JSON.parse(call.query.sort ?? '[]') as [string?, string?];
  const [start, end] = JSON.parse(call.query.range ?? '[]') as [number?, number?];
  return { ...JSON.parse(call.query.filter ?? '{}'), sort, order, start, end };
}

/** The window's width while the console renders: wide by default, so every column shows. */
export function setWindowWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { value: width, configurable: true, writable: true });
  window.dispatchEvent(new Event('resize'));
}

export function renderConsole(path: string, store: Store = memoryStore(), width = 1920) {
  setWindowWidth(width);
  localStorage.setItem('authToken', 'test-token');
  return render(
    <MemoryRouter initialEntries={[path]}>
      {/* Mounted under /admin/* as the site's router does. */}
      <Routes>
        <RouterRoute
          path="/admin/*"
          element={
            <AdminConsole
              profile={adminProfile}
              store={store}
              gridOptions={{ disableVirtualization: true }}
            />
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

/** The grid's column titles as an operator reads them, left to right (the checkbox column has none). */
export function columnHeaders(): string[] {
  return screen
    .getAllByRole('columnheader')
    .map((h) => h.textContent?.trim() ?? '')
    .filter(Boolean);
}

/** The console at `path` on a fake API, once `firstText` (a row or a card) is on screen; the API records the calls. */
export async function openConsole(
  routes: Record<string, Route>,
  firstText: string,
  ...at: Parameters<typeof renderConsole>
) {
  const api = fakeApi(routes);
  renderConsole(...at);
  await screen.findByText(firstText);
  return api;
}

/** The grid row that shows `text` (an email, a code, a summary). */
export const rowOf = (text: string) => screen.getByText(text).closest('[role="row"]') as HTMLElement;

/** Asserts that the row showing `key` also shows each of `texts` (strings or patterns), as an operator reads it. */
export function expectRowShows(key: string, ...texts: (string | RegExp)[]) {
  for (const text of texts) expect(within(rowOf(key)).getByText(text)).toBeInTheDocument();
}
