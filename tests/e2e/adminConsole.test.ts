import type { Locator, Page, Request } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { chromiumForFile, expectSignedOut, newPage, snap, submitSignIn } from './browser';
import { ADMIN, adminToken, api, consoleAs, POLL } from './console';
import { NAVIGATION } from '../../src-admin/registry';

// The one navigation, whose labels and order tests/unit/adminLogic.test.ts pins.
const SECTIONS = NAVIGATION.map((s) => s.label);
/** The tabs' names: the Support tab's says how many messages are open ("Support, 3 open"). */
const tabNames = async (tabs: Locator) => {
  await tabs.getByRole('tab').first().waitFor();
  return tabs
    .getByRole('tab')
    .evaluateAll((els) =>
      els.map((e) => (e.getAttribute('aria-label') ?? e.textContent ?? '').replace(/, \d+ open$/, '')),
    );
};

// Each flow drives several screens; on a loaded machine the project's 60 s is too tight.
vi.setConfig({ testTimeout: 180_000 });

const browser = chromiumForFile();

describe('console entry', () => {
  it('sends a fresh browser with empty storage from /admin to sign in, quickly and without a render loop', async () => {
    const { context, page } = await newPage(browser());
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
    const { context, page } = await newPage(browser());
    await page.goto('/admin');
    await page.waitForURL('**/dashboard/login**');
    await submitSignIn(page, ADMIN.email, ADMIN.password);
    await page.waitForURL((url) => url.pathname.startsWith('/admin'));
    const tabs = page.getByRole('tablist', { name: 'Console sections' });
    await tabs.waitFor();
    expect(await tabNames(tabs)).toEqual(SECTIONS);
    await context.close();
  });

  it('shows exactly the access denied text to a signed-in non-admin', async () => {
    const { context, page } = await newPage(browser());
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
    const { context, page } = await newPage(browser());
    const login = await api<{ token: string }>('/auth/login', null, { method: 'POST', body: ADMIN });
    await page.goto('/');
    await page.evaluate((t) => localStorage.setItem('authToken', t), login.body.token);
    await page.goto('/admin');
    await page.getByRole('tablist', { name: 'Console sections' }).waitFor();
    await page.getByRole('button', { name: 'Profile' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL('**/dashboard/login**');
    await expectSignedOut(page, '/dashboard');
    await context.close();
  });
});

const token = await adminToken();

/** Holds every requestIdleCallback callback back by 1.5 s. */
const LATE_IDLE = `{
  const early = window.requestIdleCallback.bind(window);
  window.requestIdleCallback = (cb, options) => early(() => setTimeout(cb, 1500), options);
}`;

describe('opening a list', () => {
  /** The admin API calls `page` makes while it opens `path` and settles. */
  async function callsOpening(page: Page, path: string): Promise<URL[]> {
    const calls: URL[] = [];
    const record = (r: Request) => {
      if (r.url().includes('/api/')) calls.push(new URL(r.url()));
    };
    page.on('request', record);
    // The Support tab's open count waits for the browser's first idle moment (up to 2 s), which on a busy
    // machine can come after the network has been quiet for the 500 ms that "networkidle" waits: wait for it.
    const count = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/admin/messages');
    await page.goto(path);
    await page.locator('.MuiDataGrid-row').first().waitFor();
    await (await count).response();
    await page.waitForLoadState('networkidle');
    page.off('request', record);
    return calls;
  }
  const usersPages = (calls: URL[]) => calls.filter((u) => u.pathname === '/api/admin/users');

  it.each([
    ['who is signed in', 'the console’s', /\/assets\/AdminApp-[\w-]+\.js$/, '/api/auth/me'],
    ['for the first page of Users', 'the section’s', /\/assets\/UserList-[\w-]+\.js$/, '/api/admin/users'],
  ])('asks %s while %s own code is still on its way', async (_what, _whose, chunk, asked) => {
    const { page, close } = await consoleAs(browser(), token);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(chunk, async (route) => {
      await held;
      await route.continue();
    });
    const request = page.waitForRequest((r) => new URL(r.url()).pathname === asked);
    await page.goto('/admin/users');
    await request;
    release();
    await page.locator('.MuiDataGrid-row').first().waitFor();
    await close();
  });

  it('asks for the first page of Users once, as soon as the session is known, and keeps the operator’s order', async () => {
    const { page, close } = await consoleAs(browser(), token);
    // As on a busy machine, the browser's first idle moment comes late, after the network has gone quiet.
    await page.addInitScript({ content: LATE_IDLE });
    const opened = await callsOpening(page, '/admin/users');
    expect(opened.map((u) => u.pathname)).toEqual([
      '/api/auth/me',
      '/api/admin/users',
      '/api/admin/messages',
    ]);
    expect(usersPages(opened)[0]!.searchParams.get('sort')).toBe('["createdAt","DESC"]');

    // The operator sorts by email; react-admin keeps that, and the next visit opens in that order.
    await page
      .locator('.MuiDataGrid-columnHeader[data-field="email"] .MuiDataGrid-columnHeaderTitleContainer')
      .click();
    await expect
      .poll(
        () => page.locator('.MuiDataGrid-columnHeader[data-field="email"]').getAttribute('aria-sort'),
        POLL,
      )
      .toBe('ascending');
    const reopened = usersPages(await callsOpening(page, '/admin/users'));
    expect(reopened).toHaveLength(1);
    expect(reopened[0]!.searchParams.get('sort')).toBe('["email","ASC"]');
    await close();
  });
});

describe('overview', () => {
  it('charts every day of the window and draws today, still under way, on dashed ends named "today, so far"', async () => {
    const { page, close } = await consoleAs(browser(), token, '/admin', 1280);
    const card = page.locator('.MuiCard-root', { hasText: 'Tokens and cost by day (30 days)' });
    await card
      .getByText('Today is still under way: the dashed ends of the lines are its figures so far.')
      .waitFor();
    const dashed = card.locator('path.recharts-line-curve[stroke-dasharray]');
    expect(await dashed.count()).toBe(2);
    // The tooltip follows the pointer along the days: at the dashed ends' right edge it is today's.
    const end = (await dashed.first().boundingBox())!;
    const chart = (await card.locator('.recharts-wrapper').boundingBox())!;
    await page.mouse.move(end.x + end.width - 1, chart.y + chart.height / 3);
    const today = new Date().toISOString().slice(0, 10);
    await card.getByText(`${today} (today, so far)`).waitFor();
    expect(await card.getByText(/^Tokens: [\d,]+$/).count()).toBe(1);
    await close();
  });
});

describe('cost analysis', () => {
  it('names every provider and model on its chart, and lays the two charts side by side across the page', async () => {
    const { body } = await api<{ summary: { byModel: { provider: string; model: string | null }[] } }>(
      '/admin/cost-analysis/summary',
      token,
    );
    expect(body.summary.byModel.length).toBeGreaterThan(2);
    const { page, close } = await consoleAs(browser(), token, '/admin/cost-analysis', 1280);
    const card = (title: string) => page.locator('.MuiCard-root', { hasText: title });
    const models = card('Cost by provider and model');
    await models.locator('.recharts-bar-rectangle').first().waitFor();
    // Whichever axis carries them: every label that is not an amount is a model's name.
    const labels = models.locator('.recharts-cartesian-axis-tick-value');
    const names = (await labels.allTextContents())
      .map((n) => n.replace(/\s+/g, ' ').trim())
      .filter((n) => !n.startsWith('$'));
    expect(names).toEqual(body.summary.byModel.map((m) => `${m.provider} / ${m.model ?? 'default'}`));
    // Each label is drawn whole, inside its card.
    const inner = (await models.boundingBox())!;
    for (const tick of await labels.all())
      expect((await tick.boundingBox())!.x).toBeGreaterThanOrEqual(inner.x);
    // The two charts share their row; no third, empty column is left beside them.
    const [pie, bars, top] = await Promise.all(
      ['AI against storage cost', 'Cost by provider and model', 'Top 20 users by estimated cost'].map(
        async (t) => (await card(t).boundingBox())!,
      ),
    );
    expect(Math.abs(pie.x - top.x)).toBeLessThan(2);
    expect(Math.abs(bars.x + bars.width - (top.x + top.width))).toBeLessThan(2);
    expect(Math.abs(pie.y - bars.y)).toBeLessThan(2);
    await close();
  });
});

describe('console screenshots', () => {
  it('shows every section at 1440 and 1024 px', async () => {
    for (const width of [1440, 1024]) {
      const { page, close } = await consoleAs(browser(), token, '/admin', width);
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
        ['messages', '.MuiDataGrid-row'],
        ['audit-log', '.MuiDataGrid-row'],
      ] as const) {
        await page.goto(`/admin/${path}`);
        await page.locator(ready).first().waitFor();
        await page.waitForLoadState('networkidle');
        expect(await page.getByRole('alert').count(), `no error banner on ${path}`).toBe(0);
        await snap(page, `admin-${path}-${width}`);
      }
      await close();
    }
  });
});
