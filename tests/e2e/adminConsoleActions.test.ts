import Papa from 'papaparse';
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { chromiumForFile } from './browser';
import { adminToken, api, consoleAs, POLL, row, rows, simpleRest } from './console';
import { suspiciousCsvColumns } from '../../src-admin/suspicious/suspiciousCsv';

// Each flow drives several screens; on a loaded machine the project's 60 s is too tight.
vi.setConfig({ testTimeout: 180_000 });

const browser = chromiumForFile();

const token = await adminToken();
const signedIn = (width = 1440) => consoleAs(browser(), token, '/', width);

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
    // The header's wording is pinned in tests/unit/adminLogic.test.ts; here: the download carries it.
    expect(header).toEqual(suspiciousCsvColumns.map((c) => c.header));
    await close();
  });
});
