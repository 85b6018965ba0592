import { describe, expect, inject, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import {
  baseURL,
  chromiumForFile,
  expectSignedOut,
  uniqueEmail,
  newPage,
  snap,
  submitSignIn,
} from './browser';

const browser = chromiumForFile();

/** The newest reset link mailed to `email`, read from the server's log of outbox mail. */
function resetLinkFor(email: string): string {
  const log = readFileSync(join(inject('dataDir'), 'server.log'), 'utf8');
  const lines = log
    .split('\n')
    .filter((l) => l.includes(`"to":"${email}"`) && l.includes('reset-password?token='));
  const match = /(https?:\/\/[^\s"\\]+reset-password\?token=[A-Za-z0-9_%-]+)/.exec(lines.at(-1) ?? '');
  if (!match) throw new Error(`no reset link for ${email}`);
  return match[1];
}

/** How far the page is wider than the window: 0 when nothing scrolls sideways. */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('account journey', () => {
  it('opens /, registers, arrives at /dashboard, visits settings and logs out', async () => {
    const { context, page } = await newPage(browser(), 1280);
    const email = uniqueEmail('e2e');
    await page.goto('/');
    await page.locator('header').getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard/login');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await page.getByRole('button', { name: "Don't have an account? Create one" }).click();
    await page.waitForURL('**/dashboard/register');
    await page.getByRole('heading', { name: 'Create Account' }).waitFor();
    expect(await page.getByLabel('Password').getAttribute('placeholder')).toBe('Min 6 characters');
    await snap(page, 'register-1280');
    await page.getByLabel('Display Name').fill('Erin Example');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('erin-secret-1');
    await page.getByRole('button', { name: 'Create Account' }).click();

    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByRole('heading', { name: 'Hi, Erin Example' }).waitFor();
    expect(await page.getByText('Welcome to Postkeeper! Get started with our free plan').isVisible()).toBe(
      true,
    );
    expect(await page.getByText(email).isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('user_profile')))!)).toMatchObject({
      email,
      plan: 'free',
    });
    await snap(page, 'dashboard-1280');

    await page.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL('**/dashboard/settings');
    await page.getByRole('heading', { name: 'Account Information' }).waitFor();
    expect(await page.getByText('Not Verified').isVisible()).toBe(true);
    await snap(page, 'settings-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, 'settings-390');
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await sidewaysOverflow(page)).toBe(0);
    await page.getByRole('link', { name: 'Back to dashboard' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByRole('heading', { name: 'Install the extension' }).waitFor();
    expect(await sidewaysOverflow(page)).toBe(0);
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, 'dashboard-390');
    await page.goto('/upgrade');
    await page.getByRole('heading', { level: 1, name: /^Upgrade to / }).waitFor();
    await snap(page, 'upgrade-390');
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await sidewaysOverflow(page)).toBe(0);
    await page.setViewportSize({ width: 1280, height: 800 });
    await snap(page, 'upgrade-1280');
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Hi, Erin Example' }).waitFor();

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/dashboard/login');
    await expectSignedOut(page, '/dashboard/settings');
    await context.close();
  });

  it('shows the server message for a wrong password, and sends the visitor back where they were going after sign-in', async () => {
    const { context, page } = await newPage(browser(), 390);
    await page.goto('/dashboard/settings');
    await page.waitForURL('**/dashboard/login');
    await submitSignIn(page, 'user@example.com', 'wrong-password');
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();
    await snap(page, 'login-error-390');
    await page.getByLabel('Password').fill('user-demo-1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/dashboard/settings');
    await page.getByRole('heading', { name: 'Account Information' }).waitFor();
    await context.close();
  });

  it('resets a forgotten password with the mailed link, then signs in with the new one', async () => {
    const { context, page } = await newPage(browser(), 1280);
    const email = uniqueEmail('e2e');
    const res = await page.request.post(`${baseURL()}/api/auth/register`, {
      data: { email, password: 'old-secret-1', displayName: 'Forgetful' },
    });
    expect(res.status()).toBe(200);

    await page.goto('/dashboard/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/dashboard/forgot-password');
    // The address changes before the lazy screen replaces sign-in, whose form also has an Email field: typing
    // before the heading shows fills the field that is about to go, and the empty one then refuses to submit.
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page
      .getByText("If an account with that email exists, we've sent you a password reset link.")
      .waitFor();
    await snap(page, 'forgot-1280');

    const link = new URL(resetLinkFor(email));
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByLabel('New Password', { exact: true }).fill('new-secret-1');
    await page.getByLabel('Confirm New Password').fill('new-secret-2');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByRole('alert').filter({ hasText: 'Passwords do not match' }).waitFor();
    await page.getByLabel('Confirm New Password').fill('new-secret-1');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText('Redirecting to login in 3 seconds...').waitFor();
    await snap(page, 'reset-done-1280');
    await page.waitForURL('**/dashboard/login', { timeout: 10_000 });

    await submitSignIn(page, email, 'new-secret-1');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await context.close();
  });

  it('sends an admin who signs in from /dashboard to the console', async () => {
    const { context, page } = await newPage(browser(), 1280);
    await page.goto('/dashboard');
    await page.waitForURL('**/dashboard/login');
    await submitSignIn(page, 'admin@example.com', 'admin-demo-1');
    await page.waitForURL((url) => url.pathname.startsWith('/admin'));
    await context.close();
  });
});
