import Papa from 'papaparse';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { launchChromium } from './browser';
import { POLL, row } from './console';
import { freePort, ROOT } from '../fixtures/localServer';
import { startSpecBackend } from '../fixtures/specBackend';
import { aiConfigs, couponCodes, isFlagged, tokensOf } from '../fixtures/specBackendData';
import { startStaticSite } from '../fixtures/staticSite';
import { suspiciousCsvColumns } from '../../src-admin/suspicious/suspiciousCsv';

// The console built against a stand-in of the product spec's own backend on another origin (docs/architecture.md,
// "Pointing the console at the spec's backend"): whole arrays, no paging, no count header, and CORS that allows
// only the Authorization and Content-Type request headers. Any other header the console asked to send would be
// refused at the preflight and fail the test.

vi.setConfig({ testTimeout: 120_000 });

let browser: Browser;
let backend: Awaited<ReturnType<typeof startSpecBackend>>;
let site: Awaited<ReturnType<typeof startStaticSite>>;
let outDir: string;

beforeAll(async () => {
  const port = await freePort();
  const webOrigin = `http://127.0.0.1:${port}`;
  backend = await startSpecBackend(webOrigin);
  outDir = mkdtempSync(join(tmpdir(), 'postkeeper-spec-console-'));
  // The web app alone (no pre-render, no extension), built for production as `npm start` builds it.
  execFileSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir], {
    cwd: ROOT,
    stdio: 'ignore',
    env: {
      ...process.env,
      NODE_ENV: 'production',
      CLIENT_DIR: outDir,
      VITE_API_URL: backend.apiUrl,
      VITE_API_STYLE: 'spec',
    },
  });
  site = await startStaticSite(outDir, port);
  browser = await launchChromium();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await backend?.close();
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

afterEach(() => {
  // Nothing the console sent may need a header the spec's backend has no reason to allow.
  expect(backend.refusedPreflights.map((r) => `${r.path}: ${r.askedHeaders.join(',')}`)).toEqual([]);
});

/** A fresh browser on the console at `path`, signed in as the stand-in's operator. */
async function consoleAt(path: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ baseURL: site.url, viewport: { width: 1920, height: 1000 } });
  await context.addInitScript(() => localStorage.setItem('authToken', 'spec-operator-token'));
  const page = await context.newPage();
  await page.goto(path);
  return { page, close: () => context.close() };
}

const cells = (page: Page, field: string) =>
  page.locator(`.MuiDataGrid-row [data-field="${field}"]`).allTextContents();

describe('the console against the spec’s backend on another origin', () => {
  it('lists users and asks Tokens (30d) of the visible page’s users only', async () => {
    const since = backend.requests.length;
    const { page, close } = await consoleAt('/admin/users');
    // Newest first: user30 down to user6 fill the first page of 25.
    await row(page, 'user30@example.com').waitFor();
    await expect
      .poll(() => row(page, 'user30@example.com').locator('[data-field="tokens30d"]').textContent(), POLL)
      .toBe(tokensOf(30).toLocaleString('en-US'));
    const asked = () =>
      backend.requests
        .slice(since)
        .filter((r) => r.method === 'GET' && /^\/api\/admin\/users\/u\d+$/.test(r.path));
    await expect.poll(() => asked().length, POLL).toBe(25);
    expect(asked().every((r) => r.query.get('days') === '30')).toBe(true);
    const ids = new Set(asked().map((r) => r.path.split('/').pop()));
    expect(['u1', 'u2', 'u3', 'u4', 'u5'].filter((id) => ids.has(id))).toEqual([]);
    // Signed calls were preflighted, asking only for what the stand-in allows.
    expect(
      backend.requests.some((r) => r.method === 'OPTIONS' && r.askedHeaders.includes('authorization')),
    ).toBe(true);
    const lists = backend.requests.slice(since).filter((r) => r.path === '/api/admin/users');
    expect(lists.length).toBeGreaterThan(0);
    expect(lists.every((r) => r.query.size === 0)).toBe(true);
    await close();
  });

  it('sorts by a column and filters by plan and search, in the browser', async () => {
    const { page, close } = await consoleAt('/admin/users');
    await row(page, 'user30@example.com').waitFor();
    await page.getByRole('columnheader', { name: 'Email' }).click();
    await expect
      .poll(async () => (await cells(page, 'email')).slice(0, 3), POLL)
      .toEqual(['user1@example.com', 'user2@example.com', 'user3@example.com']);
    await page.getByRole('combobox', { name: /^Plan/ }).click();
    await page.getByRole('option', { name: 'free' }).click();
    await expect.poll(async () => [...new Set(await cells(page, 'plan'))], POLL).toEqual(['free']);
    await page.getByPlaceholder('Search email or name').fill('user2');
    await expect
      .poll(() => cells(page, 'email'), POLL)
      .toEqual(['user2@example.com', ...[0, 2, 4, 6, 8].map((n) => `user2${n}@example.com`)]);
    await close();
  });

  it('creates a coupon and deletes it', async () => {
    const code = `SPEC${Date.now().toString(36).toUpperCase()}`;
    const { page, close } = await consoleAt('/admin/coupons');
    await row(page, 'SPRING10').waitFor();
    const form = page.getByRole('form', { name: 'Create Coupon' });
    await form.getByLabel('Code').fill(code);
    await form.getByLabel('Amount').fill('15');
    await form.getByRole('button', { name: 'Create Coupon' }).click();
    await row(page, code).waitFor();
    expect(couponCodes()).toContain(code);
    await row(page, code).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByText('Are you sure you want to delete this coupon?').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await row(page, code).waitFor({ state: 'detached' });
    expect(couponCodes()).not.toContain(code);
    await close();
  });

  it('flags a user, then unflags them from the details', async () => {
    const { page, close } = await consoleAt('/admin/flagged');
    await page.getByText('No flagged users').waitFor();
    await page.getByRole('button', { name: 'Flag User' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('User ID').fill('u7');
    await dialog.getByLabel('Reason for Flagging').fill('Spam: spec backend check');
    await dialog.getByRole('button', { name: 'Flag User' }).click();
    await row(page, 'user7@example.com').waitFor();
    expect(isFlagged('u7')).toBe(true);
    await row(page, 'user7@example.com').getByRole('button', { name: 'View Details' }).click();
    await dialog.getByRole('button', { name: 'Unflag' }).click();
    await dialog.getByText('Clean', { exact: true }).waitFor();
    expect(isFlagged('u7')).toBe(false);
    await close();
  });

  it('saves a task’s model in the AI settings', async () => {
    const { page, close } = await consoleAt('/admin/ai-config');
    const model = page.getByRole('combobox', { name: 'Auto-tagging model' });
    await model.click();
    await page.getByRole('option', { name: 'GPT-4o mini' }).click();
    await page.getByText('Saved', { exact: true }).waitFor();
    expect(aiConfigs().find((c) => c.taskType === 'tagging')?.model).toBe('gpt-4o-mini');
    await close();
  });

  it('shows the suspicious list and exports it as CSV', async () => {
    const { page, close } = await consoleAt('/admin/suspicious');
    await row(page, 'user3@example.com').waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = Papa.parse<string[]>(readFileSync((await (await download).path())!, 'utf8')).data;
    expect(csv[0]).toEqual(suspiciousCsvColumns.map((c) => c.header));
    expect(csv.slice(1).some((r) => r.includes('user3@example.com'))).toBe(true);
    await close();
  });
});
