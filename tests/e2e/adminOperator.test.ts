import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { launchChromium } from './browser';
import { ADMIN, api, consoleAs, POLL, row } from './console';

// An operator's day in the console, on the real server with the demo data.
vi.setConfig({ testTimeout: 180_000 });

let browser: Browser;
let token: string;
beforeAll(async () => {
  browser = await launchChromium();
  const login = await api<{ token: string }>('/auth/login', null, { method: 'POST', body: ADMIN });
  token = login.body.token;
});
afterAll(async () => {
  await browser?.close();
});

const console_ = (path: string, width = 1440) => consoleAs(browser, token, path, width);
type User = { _id?: string; id?: string; email: string; flaggedForAbuse?: boolean };
const users = (body: unknown) =>
  (Array.isArray(body) ? body : ((body as { users: User[] }).users ?? [])) as User[];

describe('the console as an operator uses it', () => {
  it('flags a user found in Users, by the row action', async () => {
    const target = 'user@example.com';
    const { page, close } = await console_('/admin/users');
    await page.getByPlaceholder('Search email or name').fill(target);
    const found = row(page, target);
    await found.waitFor();
    await found.getByRole('button', { name: 'Flag' }).click();
    const dialog = page.getByRole('dialog', { name: 'Flag User' });
    await dialog.getByLabel('Reason for Flagging').fill('Storage: flagged from the Users screen');
    await dialog.getByRole('button', { name: 'Flag User' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('tab', { name: 'Flagged Users' }).click();
    await row(page, target).waitFor();
    await api(
      `/admin/users/${users((await api(`/admin/users?search=${target}`, token)).body)[0]._id}/unflag`,
      token,
      { method: 'POST' },
    );
    await close();
  });

  it('finds the user to flag by name in the Flag User dialog', async () => {
    const { page, close } = await console_('/admin/flagged');
    await page.getByRole('button', { name: 'Flag User' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Flag User' });
    await dialog.getByLabel('User ID').fill('user@exa');
    await page.getByRole('option', { name: /user@example\.com/ }).click();
    await dialog.getByLabel('Reason for Flagging').fill('Tokens: found by typing');
    await dialog.getByRole('button', { name: 'Flag User' }).click();
    await row(page, 'user@example.com').waitFor();
    // Bulk Unflag clears it again and reports the count.
    await row(page, 'user@example.com').getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Unflag' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByText(/Unflag: 1 of 1 succeeded\./).waitFor();
    await expect.poll(() => row(page, 'user@example.com').count(), POLL).toBe(0);
    await close();
  });

  it('sorts by every column of Flagged on the server, without a refusal', async () => {
    const suspects = users((await api('/admin/users/suspicious', token)).body).slice(0, 3);
    for (const [i, u] of suspects.entries())
      await api(`/admin/users/${u._id ?? u.id}/flag`, token, {
        method: 'POST',
        body: { reason: `Cost: sort case ${i}` },
      });
    const { page, close } = await console_('/admin/flagged');
    const answers: number[] = [];
    page.on('response', (r) => r.url().includes('/api/admin/users/flagged') && answers.push(r.status()));
    await page.locator('.MuiDataGrid-row').first().waitFor();
    const sortable = page.locator('.MuiDataGrid-columnHeader--sortable');
    const count = await sortable.count();
    expect(count).toBe(5);
    for (let i = 0; i < count; i++) {
      const header = sortable.nth(i);
      const field = await header.getAttribute('data-field');
      for (const order of ['ascending', 'descending']) {
        await header.locator('.MuiDataGrid-columnHeaderTitleContainer').click();
        await expect.poll(() => header.getAttribute('aria-sort'), POLL).toBe(order);
        await page.locator('.MuiDataGrid-row').first().waitFor();
        expect(
          answers.every((s) => s === 200),
          `${field} ${order}`,
        ).toBe(true);
      }
    }
    await close();
  });

  it('sorts the audit log by date, actor and action on the server, oldest first on a click', async () => {
    const { page, close } = await console_('/admin/audit-log');
    const answers: number[] = [];
    page.on('response', (r) => r.url().includes('/api/admin/audit-log') && answers.push(r.status()));
    await page.locator('.MuiDataGrid-row').first().waitFor();
    const sortable = page.locator('.MuiDataGrid-columnHeader--sortable');
    expect(await sortable.evaluateAll((hs) => hs.map((h) => h.getAttribute('data-field')))).toEqual([
      'at',
      'actor',
      'action',
    ]);
    const date = sortable.first();
    expect(await date.getAttribute('aria-sort')).toBe('descending');
    await date.locator('.MuiDataGrid-columnHeaderTitleContainer').click();
    await expect.poll(() => date.getAttribute('aria-sort'), POLL).toBe('ascending');
    const oldest = await api<{ summary: string }[]>('/admin/audit-log?sort=["at","ASC"]&range=[0,0]', token);
    await expect
      .poll(() => page.locator('.MuiDataGrid-row').first().textContent(), POLL)
      .toContain(oldest.body[0].summary);
    for (const field of ['actor', 'action']) {
      await page
        .locator(`.MuiDataGrid-columnHeader[data-field="${field}"] .MuiDataGrid-columnHeaderTitleContainer`)
        .click();
      await expect
        .poll(
          () => page.locator(`.MuiDataGrid-columnHeader[data-field="${field}"]`).getAttribute('aria-sort'),
          POLL,
        )
        .toBe('ascending');
    }
    expect(answers.length).toBeGreaterThan(1);
    expect(answers.every((s) => s === 200)).toBe(true);
    await close();
  });

  it('marks a suspicious user safe, runs the abuse check, and they stay safe', async () => {
    const suspects = users((await api('/admin/users/suspicious', token)).body);
    const target = suspects[0];
    await api(`/admin/users/${target._id ?? target.id}/flag`, token, {
      method: 'POST',
      body: { reason: 'Cost: over' },
    });
    const { page, close } = await console_('/admin/suspicious');
    const line = row(page, target.email);
    await line.getByRole('button', { name: 'Mark as Safe' }).click();
    await page.getByText(`${target.email} marked as safe`).waitFor();
    await expect.poll(() => line.getByText('Suspicious', { exact: true }).count(), POLL).toBe(1);
    await page.getByRole('tab', { name: 'Flagged Users' }).click();
    await page.getByRole('button', { name: 'Run Abuse Check' }).click();
    await page
      .getByText(/Abuse check initiated. New violations will appear shortly.|already running/)
      .waitFor();
    await expect
      .poll(
        async () => {
          const runs = await api<{ users: User[] }>('/admin/users/flagged', token);
          return users(runs.body).some((u) => u.email === target.email);
        },
        { timeout: 40_000, interval: 1000 },
      )
      .toBe(false);
    await close();
  });

  it('shows why a downgrade was refused', async () => {
    const { page, close } = await console_('/admin/users');
    // The demo's premium@example.com has a live paid subscription: the server refuses to downgrade it here.
    await page.getByPlaceholder('Search email or name').fill('premium@example.com');
    const premium = page.locator('.MuiDataGrid-row', { hasText: 'premium@example.com' });
    await premium.waitFor();
    await premium.getByRole('button', { name: 'Downgrade' }).click();
    await page
      .getByText(
        'Failed to update user plan. This user has a live paid subscription. Cancel it in billing first; the plan becomes free when it ends.',
      )
      .waitFor();
    await close();
  });
  it('scrolls no grid sideways at 1024 or 1280 px, cuts no cell short and crowds no filter label', async () => {
    for (const width of [1024, 1280])
      for (const path of ['users', 'coupons', 'flagged', 'suspicious', 'messages', 'audit-log']) {
        const { page, close } = await console_(`/admin/${path}`, width);
        await page.locator('.MuiDataGrid-root').first().waitFor();
        await page.waitForLoadState('networkidle');
        const overflow = await page.evaluate(() => {
          const scroller = document.querySelector('.MuiDataGrid-virtualScroller') as HTMLElement | null;
          // A cell whose content is wider than the cell shows only part of it (an email cut at the edge).
          const cut = [...document.querySelectorAll<HTMLElement>('.MuiDataGrid-cell')]
            .filter((c) => c.scrollWidth > c.clientWidth + 1)
            .map((c) => `${c.dataset.field}: ${c.textContent}`);
          // A filter's label that runs on under its arrow.
          const crowded = [...document.querySelectorAll('.MuiFormControl-root')].flatMap((field) => {
            const label = field.querySelector('label');
            const arrow = field.querySelector('.MuiSelect-icon');
            if (!label || !arrow) return [];
            const gap = arrow.getBoundingClientRect().left - label.getBoundingClientRect().right;
            return gap < 0 ? [`${label.textContent} (${Math.round(gap)} px)`] : [];
          });
          return {
            grid: scroller ? scroller.scrollWidth - scroller.clientWidth : 0,
            page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
            cut: [...new Set(cut)],
            crowded,
          };
        });
        expect(overflow, `${path} at ${width} px`).toEqual({ grid: 0, page: 0, cut: [], crowded: [] });
        await close();
      }
  });
});
