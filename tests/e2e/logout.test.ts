import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { baseURL, chromiumForFile, expectSignedOut, newPage, registerFresh, submitSignIn } from './browser';
import { ADMIN } from './console';

// The console's first screen loads react-admin and its grid: on a loaded machine the project's 60 s is tight.
vi.setConfig({ testTimeout: 180_000 });

const browser = chromiumForFile();

/** What the API answers a request made with `token`, as someone holding a copy of it would make it. */
const me = (token: string) =>
  fetch(`${baseURL()}/api/auth/me`, { headers: { Authorization: `Bearer ${token}` } }).then((r) => r.status);

/** The token the web app keeps in this browser, as anyone with access to the page could copy it. */
async function copyToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  expect(token).toBeTruthy();
  return token!;
}

describe('Logout ends the session on the server', () => {
  it('on the site: a token copied before Logout answers 401 after it', async () => {
    const account = await registerFresh('Lou Logout', 'logout');
    const { context, page } = await newPage(browser());
    await page.goto('/dashboard/login');
    await submitSignIn(page, account.email, account.password);
    await page.getByRole('heading', { name: 'Hi, Lou Logout' }).waitFor();
    const copied = await copyToken(page);
    expect(await me(copied)).toBe(200);

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/dashboard/login');
    expect(await me(copied)).toBe(401);
    await expectSignedOut(page, '/dashboard');
    await context.close();
  });

  it('in the console: the demo admin’s token copied before Logout answers 401 after it', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/admin');
    await page.waitForURL('**/dashboard/login**');
    await submitSignIn(page, ADMIN.email, ADMIN.password);
    await page.getByRole('tablist', { name: 'Console sections' }).waitFor();
    const copied = await copyToken(page);
    expect(await me(copied)).toBe(200);

    await page.getByRole('button', { name: 'Profile' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL('**/dashboard/login**');
    expect(await me(copied)).toBe(401);
    await expectSignedOut(page, '/admin');
    await context.close();
  });
});
