import type { Page } from 'playwright-core';
import Papa from 'papaparse';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { baseURL, chromiumForFile, newPage, registerFresh, signInAs, snap } from './browser';

const ADMIN = { email: 'admin@example.com', password: 'admin-demo-1' };
const FIXTURE = join(import.meta.dirname, '..', 'fixtures', 'screenshot.png');
const SUCCESS = "Message sent successfully! We'll get back to you soon.";
// Filters apply after react-admin's debounce, then a round trip.
const POLL = { timeout: 15_000, interval: 100 };
const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

// Each flow drives several screens; on a loaded machine the project's 60 s is too tight.
vi.setConfig({ testTimeout: 180_000 });

const browser = chromiumForFile();

const me = (token: string) =>
  fetch(`${baseURL()}/api/auth/me`, { headers: { Authorization: `Bearer ${token}` } }).then((r) => r.status);

/** Every URL the page asks for, to show the session token never travels in one. */
function recordUrls(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => urls.push(r.url()));
  return urls;
}

describe('support staff', () => {
  it('sends a support message with a PNG, finds it in the console, sees the screenshot, resolves it and exports the inbox', async () => {
    const { context, page } = await newPage(browser());
    const text = `The sync badge stays red ${tag()}`;
    await page.goto('/');
    await page.locator('footer').getByRole('button', { name: 'Support' }).click();
    const form = page.getByRole('dialog', { name: 'Support' });
    await form.getByLabel('Name').fill('Nora Field');
    await form.getByLabel('Email').fill('nora.field@example.com');
    await form.getByLabel('Message').fill(text);
    await form.getByLabel(/Screenshot/).setInputFiles(FIXTURE);
    await form.getByRole('button', { name: 'Send Message' }).click();
    await form.getByText(SUCCESS).waitFor();

    const token = await signInAs(page, ADMIN.email, ADMIN.password);
    const urls = recordUrls(page);
    await page.goto('/admin/messages');
    const supportTab = page.getByRole('tab', { name: /^Support, \d+ open$/ });
    await supportTab.waitFor();
    const openBefore = Number((await supportTab.getAttribute('aria-label'))!.match(/(\d+) open/)![1]);
    await page.getByPlaceholder('Search name, email or message').fill(text);
    const row = page.locator('.MuiDataGrid-row', { hasText: text });
    await expect.poll(() => page.locator('.MuiDataGrid-row').count(), POLL).toBe(1);
    expect(await row.locator('[data-field="type"]').textContent()).toBe('Support');
    expect(await row.locator('[data-field="status"]').textContent()).toBe('Open');
    expect(await row.locator('[data-field="hasScreenshot"]').textContent()).toBe('Yes');
    await snap(page, 'admin-support-inbox-1280');

    await row.getByRole('link', { name: text }).click();
    await page.getByRole('heading', { name: 'Nora Field <nora.field@example.com>' }).waitFor();
    const image = page.getByRole('img', { name: 'Screenshot from Nora Field' });
    await image.waitFor();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth), POLL)
      .toBeGreaterThan(0);
    expect(await image.getAttribute('src')).toMatch(/^blob:/);
    const reply = page.getByRole('link', { name: 'Reply by email' });
    expect(await reply.getAttribute('href')).toMatch(/^mailto:nora\.field@example\.com\?subject=/);
    await snap(page, 'admin-support-detail-1280');

    await page.getByRole('button', { name: 'Resolve' }).click();
    await page.getByText(/^Resolved by admin@example\.com on /).waitFor();
    await page.getByRole('button', { name: 'Reopen' }).waitFor();
    await expect
      .poll(() => page.getByRole('tab', { name: /^Support/ }).getAttribute('aria-label'), POLL)
      .toBe(openBefore > 1 ? `Support, ${openBefore - 1} open` : null);
    expect(urls.some((u) => u.includes(token))).toBe(false);

    await page.getByRole('link', { name: 'Back to the inbox' }).click();
    await page.getByPlaceholder('Search name, email or message').fill(text);
    await expect.poll(() => page.locator('.MuiDataGrid-row').count(), POLL).toBe(1);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`support-inbox-${new Date().toISOString().slice(0, 10)}.csv`);
    const [header, ...lines] = Papa.parse<string[]>(readFileSync((await file.path())!, 'utf8'), {
      skipEmptyLines: true,
    }).data;
    expect(header).toEqual(['Date', 'Type', 'Name', 'Email', 'Message', 'Status', 'Handled by']);
    expect(lines).toHaveLength(1);
    expect(lines[0].slice(1)).toEqual([
      'support',
      'Nora Field',
      'nora.field@example.com',
      text,
      'resolved',
      'admin@example.com',
    ]);
    expect(Number.isNaN(Date.parse(lines[0][0]))).toBe(false);
    await context.close();
  });
});

describe('demo inbox', () => {
  it('shows the seeded support message with its screenshot', async () => {
    const { context, page } = await newPage(browser());
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/messages');
    await page.getByRole('link', { name: /^Saving a LinkedIn post/ }).click();
    const image = page.getByRole('img', { name: 'Screenshot from Sam Rivera' });
    await image.waitFor();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth), POLL).toBe(480);
    await snap(page, 'admin-support-demo-detail-1280');
    await context.close();
  });
});

describe('operator', () => {
  it("changes a user's ads, finds the audit entry, and signs the user out everywhere", async () => {
    const user = await registerFresh('Olive Ops', 'ops');
    expect(await me(user.token)).toBe(200);
    const { context, page } = await newPage(browser());
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/users');
    await page.getByPlaceholder('Search email or name').fill(user.email);
    await expect.poll(() => page.locator('.MuiDataGrid-row').count(), POLL).toBe(1);
    const row = page.locator('.MuiDataGrid-row', { hasText: user.email });
    await row.getByRole('button', { name: 'Disable Ads' }).click();
    await row.getByRole('button', { name: 'Enable Ads' }).waitFor();

    await page.getByRole('tab', { name: 'Audit log' }).click();
    await page.getByLabel('Actor email').fill(ADMIN.email);
    await page.getByRole('combobox', { name: /^Action/ }).click();
    await page.getByRole('option', { name: 'user.ads' }).click();
    await page.locator('.MuiMenu-root').waitFor({ state: 'detached' });
    const entry = page.locator('.MuiDataGrid-row', { hasText: `Disabled ads for ${user.email}` });
    await entry.waitFor({ timeout: POLL.timeout });
    expect(await entry.locator('[data-field="actor"]').textContent()).toBe(ADMIN.email);
    const actions = () => page.locator('.MuiDataGrid-row [data-field="action"]').allTextContents();
    await expect.poll(async () => [...new Set(await actions())], POLL).toEqual(['user.ads']);
    await snap(page, 'admin-audit-log-1280');

    await entry.getByRole('button', { name: 'User details' }).click();
    const details = page.getByRole('dialog', { name: 'User Details' });
    await details.getByText(user.email).first().waitFor();
    await details
      .getByText(
        new RegExp(`Disabled ads for ${user.email.replace(/[.]/g, '\\.')} \\(by admin@example\\.com\\)`),
      )
      .waitFor();
    await snap(page, 'admin-user-details-audit-1280');
    await details.getByRole('button', { name: 'Sign out everywhere' }).click();
    const confirm = page.getByRole('dialog', { name: 'Sign out everywhere?' });
    await confirm.getByText(`Every session of ${user.email} ends now`, { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.getByText(/^Signed out everywhere: 1 session ended$/).waitFor();
    expect(await me(user.token)).toBe(401);
    await details
      .getByText(new RegExp(`Signed ${user.email.replace(/[.]/g, '\\.')} out everywhere`))
      .waitFor();
    await context.close();
  });
});
