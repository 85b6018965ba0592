import Papa from 'papaparse';
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { users } from '../../src-server/db/schema';
import { seedLarge } from '../../src-server/seed/large';
import { registerUser, startTestApp, type TestApp } from '../api/harness';
import { freePort } from '../fixtures/localServer';
import { chromiumForFile } from './browser';
import { row } from './console';

// The console's Users export of a list longer than the console pages through (src-admin/csv/ExportCsvButton.tsx,
// STREAM_ABOVE): one download streamed by the server (GET /admin/users/export) into the browser's file, in real
// Chromium over the real server and database. The server runs in this file's process, serving the web app this
// run built, with 12,000 bulk accounts of its own.

vi.setConfig({ testTimeout: 120_000 });

const browser = chromiumForFile();
let t: TestApp;
let baseURL: string;
let token: string;

beforeAll(async () => {
  const port = await freePort();
  baseURL = `http://localhost:${port}`;
  t = await startTestApp({ WEB_URL: baseURL }, { clientDir: inject('clientDir') });
  await t.app.listen({ port, host: '127.0.0.1' });
  await seedLarge(t.db, { users: 12_000, events: 12_000, now: t.clock.now() });
  const admin = await registerUser(t.app, {
    email: 'ops-export@example.com',
    displayName: 'Export Operator',
  });
  await t.db.update(users).set({ role: 'admin' }).where(eq(users.email, admin.email));
  token = admin.token;
}, 120_000);
afterAll(() => t?.close());

describe('exporting 12,000 users from the console', () => {
  it('downloads every account once, from one streamed request, in the console’s columns', async () => {
    const context = await browser().newContext({ baseURL, viewport: { width: 1440, height: 900 } });
    await context.addInitScript((value) => localStorage.setItem('authToken', value), token);
    const page = await context.newPage();
    const asked: string[] = [];
    page.on('request', (r) => r.url().includes('/api/admin/users') && asked.push(new URL(r.url()).pathname));
    await page.goto('/admin/users');
    await row(page, 'ops-export@example.com').waitFor();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`users-${new Date().toISOString().slice(0, 10)}.csv`);
    const [header, ...rows] = Papa.parse<string[]>(readFileSync((await file.path())!, 'utf8'), {
      skipEmptyLines: true,
    }).data;
    // The console's Users columns (src-admin/users/userColumns.tsx), all visible.
    expect(header).toEqual([
      'Email',
      'Name',
      'Plan',
      'Subscription',
      'Tokens (30d)',
      'Storage (MB)',
      'Ads',
      'Created',
    ]);
    expect(rows).toHaveLength(12_001);
    expect(new Set(rows.map((r) => r[0])).size).toBe(12_001);
    expect(rows.map((r) => r[0])).toContain('ops-export@example.com');
    // The list's own requests, and one export: no page of 500 was asked for.
    expect(asked.filter((p) => p === '/api/admin/users/export')).toHaveLength(1);
    await expect.poll(() => page.getByRole('progressbar', { name: 'Export progress' }).count()).toBe(0);
    await context.close();
  });
});
