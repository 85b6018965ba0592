import type { Browser, Locator, Page } from 'playwright-core';
import Papa from 'papaparse';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { baseURL, launchChromium, newPage, snap } from './browser';

// The demo operator of the README.
const ADMIN = { email: 'admin@example.com', password: 'admin-demo-1' };
// Filters apply after react-admin's 500 ms debounce, then a round trip: wait longer than poll's default second.
const POLL = { timeout: 10_000, interval: 100 };
// The one navigation: the spec's six sections, then Cost analysis.
const SECTIONS = [
  'Overview',
  'Users',
  'Coupons',
  'Flagged Users',
  'AI Provider Settings',
  'Suspicious Users',
  'Support',
  'Audit log',
  'Cost analysis',
];
/** The tabs' names: the Support tab's says how many messages are open ("Support, 3 open"). */
const tabNames = async (tabs: Locator) => {
  await tabs.getByRole('tab').first().waitFor();
  return tabs
    .getByRole('tab')
    .evaluateAll((els) =>
      els.map((e) => (e.getAttribute('aria-label') ?? e.textContent ?? '').replace(/, \d+ open$/, '')),
    );
};

async function api<T>(
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
async function adminToken(): Promise<string> {
  const login = await api<{ token?: string }>('/auth/login', null, { method: 'POST', body: ADMIN });
  if (!login.body?.token) throw new Error(`the demo admin cannot sign in (${login.status})`);
  const overview = await api('/admin/overview', login.body.token);
  if (overview.status !== 200) throw new Error(`GET /admin/overview answered ${overview.status}`);
  return login.body.token;
}

/** A console list request read back: its simple-rest filter, sort field and order. */
function simpleRest(url: string): Record<string, unknown> {
  const q = new URL(url).searchParams;
  const [sort, order] = JSON.parse(q.get('sort') ?? '[]') as string[];
  return { ...JSON.parse(q.get('filter') ?? '{}'), sort, order };
}

const rows = <T>(body: unknown, key: string): T[] =>
  (Array.isArray(body) ? body : ((body as Record<string, T[]>)?.[key] ?? [])) as T[];

// Each flow drives several screens; on a loaded machine the project's 60 s is too tight.
vi.setConfig({ testTimeout: 180_000 });

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe('console entry', () => {
  it('sends a fresh browser with empty storage from /admin to sign in, quickly and without a render loop', async () => {
    const { context, page } = await newPage(browser);
    let navigations = 0;
    page.on('framenavigated', () => navigations++);
    const started = Date.now();
    await page.goto('/admin');
    await page.waitForURL('**/dashboard/login**');
    const elapsed = Date.now() - started;
    console.log(`fresh /admin → sign in: ${elapsed} ms, ${navigations} navigations`);
    expect(new URL(page.url()).pathname).toBe('/dashboard/login');
    expect(navigations).toBeLessThan(5);
    await context.close();
  });

  it('brings the demo admin back to the console after signing in, with its sections', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/admin');
    await page.waitForURL('**/dashboard/login**');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/admin'));
    const tabs = page.getByRole('tablist', { name: 'Console sections' });
    await tabs.waitFor();
    expect(await tabNames(tabs)).toEqual(SECTIONS);
    await context.close();
  });

  it('shows exactly the access denied text to a signed-in non-admin', async () => {
    const { context, page } = await newPage(browser);
    const login = await api<{ token: string }>('/auth/login', null, {
      method: 'POST',
      body: { email: 'user@example.com', password: 'user-demo-1' },
    });
    await page.goto('/');
    await page.evaluate((t) => localStorage.setItem('authToken', t), login.body.token);
    await page.goto('/admin');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe(
      "Access Denied - You don't have permission to access the admin dashboard.",
    );
    await context.close();
  });

  it('logging out of the console ends the site session', async () => {
    const { context, page } = await newPage(browser);
    const login = await api<{ token: string }>('/auth/login', null, { method: 'POST', body: ADMIN });
    await page.goto('/');
    await page.evaluate((t) => localStorage.setItem('authToken', t), login.body.token);
    await page.goto('/admin');
    await page.getByRole('tablist', { name: 'Console sections' }).waitFor();
    await page.getByRole('button', { name: 'Profile' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL('**/dashboard/login**');
    expect(
      await page.evaluate(() => [localStorage.getItem('authToken'), localStorage.getItem('user_profile')]),
    ).toEqual([null, null]);
    await page.goto('/dashboard');
    await page.waitForURL('**/dashboard/login**');
    await context.close();
  });
});

const token = await adminToken();

async function signedIn(width = 1440): Promise<{ page: Page; close: () => Promise<void> }> {
  const { context, page } = await newPage(browser, width);
  await page.goto('/');
  await page.evaluate((t) => localStorage.setItem('authToken', t), token);
  return { page, close: () => context.close() };
}

const row = (page: Page, text: string) => page.locator('[role="row"]', { hasText: text });

describe('console screenshots', () => {
  it('shows every section at 1440 and 1024 px', async () => {
    for (const width of [1440, 1024]) {
      const { context, page } = await newPage(browser, width);
      await page.goto('/');
      await page.evaluate((t) => localStorage.setItem('authToken', t), token);
      await page.goto('/admin');
      const tabs = page.getByRole('tablist', { name: 'Console sections' });
      await tabs.waitFor();
      expect(await tabNames(tabs)).toEqual(SECTIONS);
      await page.getByRole('group', { name: 'Total Users' }).waitFor();
      await page.getByText('Users by plan and status').waitFor();
      await page.waitForLoadState('networkidle');
      await snap(page, `admin-overview-${width}`);
      for (const [path, ready] of [
        ['users', '.MuiDataGrid-row'],
        ['coupons', 'text=Create Coupon'],
        ['flagged', 'text=Run Abuse Check'],
        ['ai-config', 'text=Reset to Defaults'],
        ['suspicious', 'text=Total Estimated Cost'],
        ['cost-analysis', 'text=Top 20 users by estimated cost'],
        // The stand-in API has no inbox or audit log; the real one has their demo data.
        ...(token
          ? ([
              ['messages', '.MuiDataGrid-row'],
              ['audit-log', '.MuiDataGrid-row'],
            ] as const)
          : []),
      ] as const) {
        await page.goto(`/admin/${path}`);
        await page.locator(ready).first().waitFor();
        await page.waitForLoadState('networkidle');
        expect(await page.getByRole('alert').count(), `no error banner on ${path}`).toBe(0);
        await snap(page, `admin-${path}-${width}`);
      }
      await context.close();
    }
  });
});

describe('console as the demo admin', () => {
  it('filters users by plan, then sorts by created date', async () => {
    const { page, close } = await signedIn();
    const requests: string[] = [];
    page.on('request', (r) => r.url().includes('/api/admin/users') && requests.push(r.url()));
    await page.goto('/admin/users');
    await page.locator('.MuiDataGrid-row').first().waitFor();
    await page.getByRole('combobox', { name: /^Plan/ }).click();
    await page.getByRole('option', { name: 'free' }).click();
    await expect.poll(() => requests.some((u) => simpleRest(u).plan === 'free'), POLL).toBe(true);
    const plans = () => page.locator('.MuiDataGrid-row [data-field="plan"]').allTextContents();
    await expect.poll(async () => [...new Set(await plans())], POLL).toEqual(['free']);
    await page.getByRole('columnheader', { name: 'Created' }).click();
    await expect
      .poll(
        () =>
          requests.some(
            (u) =>
              simpleRest(u).plan === 'free' &&
              simpleRest(u).sort === 'createdAt' &&
              simpleRest(u).order === 'ASC',
          ),
        POLL,
      )
      .toBe(true);
    await expect.poll(async () => [...new Set(await plans())], POLL).toEqual(['free']);
    await close();
  });

  it('bulk-downgrades two users after confirming', async () => {
    const stamp = Date.now();
    const emails = [`bulk-a-${stamp}@example.com`, `bulk-b-${stamp}@example.com`];
    for (const email of emails)
      await api('/auth/register', null, {
        method: 'POST',
        body: { email, password: 'bulk-pass-1', displayName: 'Bulk Test' },
      });
    const found = rows<{ _id: string; email: string }>(
      (await api(`/admin/users?search=bulk-&perPage=100`, token)).body,
      'users',
    ).filter((u) => emails.includes(u.email));
    expect(found).toHaveLength(2);
    for (const u of found)
      expect(
        (
          await api(`/admin/users/${u._id}/subscription`, token, {
            method: 'PATCH',
            body: { plan: 'premium' },
          })
        ).status,
      ).toBeLessThan(300);
    const { page, close } = await signedIn();
    await page.goto('/admin/users');
    await page.getByPlaceholder('Search email or name').fill(`-${stamp}@`);
    for (const email of emails) await row(page, email).getByRole('checkbox').check();
    await page
      .locator('[data-test="bulk-actions-toolbar"]')
      .getByRole('button', { name: 'Downgrade' })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect
      .poll(
        async () =>
          rows<{ email: string; plan: string }>(
            (await api(`/admin/users?search=${stamp}&perPage=100`, token)).body,
            'users',
          ).map((u) => u.plan),
        POLL,
      )
      .toEqual(['free', 'free']);
    await close();
  });

  it('creates a coupon, deactivates it, then deletes it', async () => {
    const code = `E2E${Date.now().toString(36).toUpperCase()}`;
    const { page, close } = await signedIn();
    await page.goto('/admin/coupons');
    const form = page.getByRole('form', { name: 'Create Coupon' });
    await form.getByLabel('Code').fill(code.toLowerCase());
    expect(await form.getByLabel('Code').inputValue()).toBe(code);
    await form.getByLabel('Amount').fill('15');
    await form.getByRole('button', { name: 'Create Coupon' }).click();
    await row(page, code).waitFor();
    expect(await row(page, code).textContent()).toContain('Active');
    await row(page, code).getByRole('button', { name: 'Deactivate' }).click();
    await row(page, code).getByText('Inactive').waitFor();
    await row(page, code).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByText('Are you sure you want to delete this coupon?').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await row(page, code).waitFor({ state: 'detached' });
    await close();
  });

  it('flags a user, views the details, unflags; runs the abuse check', async () => {
    const me = rows<{ _id: string; email: string }>(
      (await api('/admin/users?search=user@example.com', token)).body,
      'users',
    ).find((u) => u.email === 'user@example.com');
    expect(me).toBeTruthy();
    const { page, close } = await signedIn();
    await page.goto('/admin/flagged');
    await page.getByRole('button', { name: 'Flag User' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('User ID').fill(me!._id);
    await dialog.getByLabel('Reason for Flagging').fill('Spam: e2e check');
    await dialog.getByRole('button', { name: 'Flag User' }).click();
    await row(page, 'user@example.com').waitFor();
    await row(page, 'user@example.com').getByRole('button', { name: 'View Details' }).click();
    await dialog.getByText('Flag history').waitFor();
    expect(await dialog.getByText('Flagged', { exact: true }).count()).toBeGreaterThan(0);
    await dialog.getByRole('button', { name: 'Unflag' }).click();
    await dialog.getByText('Clean', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Run Abuse Check' }).click();
    await page
      .getByText(/Abuse check initiated. New violations will appear shortly.|already running/)
      .waitFor();
    await close();
  });

  it("changes a task's model, then resets to defaults", async () => {
    const { page, close } = await signedIn();
    await page.goto('/admin/ai-config');
    const model = page.getByRole('combobox', { name: /model/ }).first();
    await model.click();
    const options = page.getByRole('option');
    expect(await options.first().textContent()).toBe('Default Model');
    await options.nth(1).click();
    await page.getByText('Saved', { exact: true }).waitFor();
    expect(await model.textContent()).not.toBe('Default Model');
    await page.getByRole('button', { name: 'Reset to Defaults' }).click();
    await expect.poll(() => model.textContent(), POLL).toBe('Default Model');
    await close();
  });

  it('marks a flagged suspicious user safe and exports the CSV with the spec header', async () => {
    // The costliest suspicious user heads the first page; flag it so it can be marked safe.
    type Row = { _id: string; email: string; estimatedCost: number; flaggedForAbuse: boolean };
    const suspects = rows<Row>((await api('/admin/users/suspicious', token)).body, 'users');
    const target = [...suspects].sort((a, b) => b.estimatedCost - a.estimatedCost)[0];
    expect(target).toBeTruthy();
    if (!target.flaggedForAbuse) {
      await api(`/admin/users/${target._id}/flag`, token, {
        method: 'POST',
        body: { reason: 'Cost: e2e check' },
      });
    }
    const { page, close } = await signedIn();
    await page.goto('/admin/suspicious');
    const flaggedCard = page.getByRole('group', { name: 'Flagged Users' }).locator('.MuiTypography-h5');
    await row(page, target.email).getByText('Flagged', { exact: true }).waitFor();
    const before = Number(await flaggedCard.textContent());
    await row(page, target.email).getByRole('button', { name: 'Mark as Safe' }).click();
    await expect.poll(async () => Number(await flaggedCard.textContent()), POLL).toBe(before - 1);
    await row(page, target.email).getByText('Suspicious', { exact: true }).waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`suspicious-users-${new Date().toISOString().slice(0, 10)}.csv`);
    const header = Papa.parse<string[]>(readFileSync((await file.path())!, 'utf8')).data[0];
    expect(header).toEqual([
      'Email',
      'Name',
      'Plan',
      'Tokens (30d)',
      'Storage (MB)',
      'Estimated Cost',
      'Flagged',
      'Reasons',
    ]);
    await close();
  });
});
