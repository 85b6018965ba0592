import type { Browser, Page } from 'playwright-core';
import { baseURL, newPage } from './browser';

// What the console's browser tests share: the demo operator, the API as the console calls it, a signed-in console.

// The demo operator of the README.
export const ADMIN = { email: 'admin@example.com', password: 'admin-demo-1' };
// Filters apply after react-admin's 500 ms debounce, then a round trip: wait longer than poll's default second.
export const POLL = { timeout: 15_000, interval: 100 };
export async function api<T>(
  path: string,
  token: string | null,
  init: { method?: string; body?: unknown } = {},
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${baseURL()}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(init.body ? { 'Content-Type': 'application/json' } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** The demo admin's token; a build without sign-in or the admin API fails here, as it should. */
export async function adminToken(): Promise<string> {
  const login = await api<{ token?: string }>('/auth/login', null, { method: 'POST', body: ADMIN });
  if (!login.body?.token) throw new Error(`the demo admin cannot sign in (${login.status})`);
  const overview = await api('/admin/overview', login.body.token);
  if (overview.status !== 200) throw new Error(`GET /admin/overview answered ${overview.status}`);
  return login.body.token;
}

/** A console list request read back: its simple-rest filter, sort field and order. */
export function simpleRest(url: string): Record<string, unknown> {
  const q = new URL(url).searchParams;
  const [sort, order] = JSON.parse(q.get('sort') ?? '[]') as string[];
  return { ...JSON.parse(q.get('filter') ?? '{}'), sort, order };
}

export const rows = <T>(body: unknown, key: string): T[] =>
  (Array.isArray(body) ? body : ((body as Record<string, T[]>)?.[key] ?? [])) as T[];

/** A fresh browser context already signed in with `token`, at `path` (the console's first screen by default). */
export async function consoleAs(
  browser: Browser,
  token: string,
  path = '/',
  width = 1440,
): Promise<{ page: Page; close: () => Promise<void> }> {
  const { context, page } = await newPage(browser, width);
  await page.goto('/');
  await page.evaluate((t) => localStorage.setItem('authToken', t), token);
  if (path !== '/') await page.goto(path);
  return { page, close: () => context.close() };
}

/** The grid row that mentions `text`. */
export const row = (page: Page, text: string) => page.locator('[role="row"]', { hasText: text });
