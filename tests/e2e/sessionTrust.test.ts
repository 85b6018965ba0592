import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { baseURL, chromiumForFile, newPage, registerFresh, snap, submitSignIn, uniqueEmail } from './browser';
import { signInNextAs } from '../fixtures/fakeGoogle';

const browser = chromiumForFile();

async function logIn(email: string, password: string): Promise<string> {
  const res = await fetch(`${baseURL()}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return ((await res.json()) as { token: string }).token;
}

const me = (token: string) =>
  fetch(`${baseURL()}/api/auth/me`, { headers: { Authorization: `Bearer ${token}` } }).then((r) => r.status);

/** Puts a session in this browser the way the web app keeps it. */
async function keepSession(page: Page, token: string) {
  await page.goto('/help');
  await page.evaluate((t) => localStorage.setItem('authToken', t), token);
}
const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('authToken'));

describe('a session planted by a link', () => {
  it('leaves a browser signed in as someone else signed in as themselves, with the token gone from the address bar', async () => {
    const victim = await registerFresh('Vera Victim', 'trust');
    const attacker = await registerFresh('Mallory Attacker', 'trust');
    const { context, page } = await newPage(browser());
    await keepSession(page, victim.token);

    await page.goto(`/dashboard?auth_token=${attacker.token}`);
    await page.getByRole('heading', { name: 'Hi, Vera Victim' }).waitFor();
    expect(page.url()).toBe(`${baseURL()}/dashboard`);
    expect(await page.locator('header').getByText(victim.email).isVisible()).toBe(true);
    expect(await storedToken(page)).toBe(victim.token);

    // The same link aimed at the sign-in screen, where a real Google hand-off lands.
    await page.goto(`/dashboard/login?from=%2Fdashboard%2Fsettings&auth_token=${attacker.token}`);
    await page.waitForURL(`${baseURL()}/dashboard/settings`);
    await page.getByRole('heading', { name: 'Account Information' }).waitFor();
    expect(await page.locator('header').getByText(victim.email).isVisible()).toBe(true);
    expect(await storedToken(page)).toBe(victim.token);
    await context.close();
  });

  it('signs nobody in when the browser has no session, and keeps the token out of the page to return to', async () => {
    const attacker = await registerFresh('Mallory Attacker', 'trust');
    const { context, page } = await newPage(browser(), 390);
    await page.goto(`/dashboard/settings?auth_token=${attacker.token}`);
    await page.waitForURL(`${baseURL()}/dashboard/login`);
    expect(await storedToken(page)).toBeNull();
    const someone = await registerFresh('Sol Someone', 'trust');
    await submitSignIn(page, someone.email, someone.password);
    await page.waitForURL(`${baseURL()}/dashboard/settings`);
    expect(page.url()).not.toContain(attacker.token);
    await context.close();
  });
});

describe('Continue with Google', () => {
  it('takes the hand-off this tab asked for once, then goes on to the page the user came from', async () => {
    const googler = await registerFresh('Gia Google', 'trust');
    const { context, page } = await newPage(browser());
    // The whole round trip runs: our start, the local OpenID provider standing in for Google, our callback
    // with its one-time code, and the web app trading that code for a session.
    await signInNextAs(inject('googleIssuer'), {
      sub: 'g-e2e-gia',
      email: googler.email,
      email_verified: true,
      name: 'Gia Google',
    });
    const starts: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/auth/google/web')) starts.push(r.url());
    });
    const handOffs: string[] = [];
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame() && f.url().includes('auth_token=')) handOffs.push(f.url());
    });
    await page.goto('/dashboard/settings');
    await page.waitForURL(`${baseURL()}/dashboard/login`);
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    // No extension in this browser: straight on to where the user was going.
    await page.waitForURL(`${baseURL()}/dashboard/settings`);
    await page.getByRole('heading', { name: 'Account Information' }).waitFor();
    expect(await page.locator('header').getByText(googler.email).isVisible()).toBe(true);
    expect(new URL(starts[0]).searchParams.get('from')).toBe('/dashboard/settings');
    // The address bar carried a one-time code, not the session the browser now holds.
    const code = new URL(handOffs[0]).searchParams.get('auth_token')!;
    const session = await storedToken(page);
    expect(session).toBeTruthy();
    expect(session).not.toBe(code);
    expect(
      (await fetch(`${baseURL()}/api/auth/me`, { headers: { authorization: `Bearer ${code}` } })).status,
    ).toBe(401);
    expect(await page.evaluate(() => sessionStorage.getItem('googleSignInPending'))).toBeNull();

    // The pending sign-in is used up: a second link does not switch accounts.
    const other = await registerFresh('Otto Other', 'trust');
    await page.goto(`/dashboard?auth_token=${other.token}`);
    await page.getByRole('heading', { name: 'Hi, Gia Google' }).waitFor();
    expect(page.url()).toBe(`${baseURL()}/dashboard`);
    await context.close();
  });
});

describe('the welcome note after registering', () => {
  const WELCOME =
    'Welcome to Postkeeper! Get started with our free plan or upgrade to Premium for unlimited saves and AI features.';

  it('shows on the page the new account lands on: /upgrade, and /dashboard/settings', async () => {
    const { context, page } = await newPage(browser(), 390);
    await page.goto('/upgrade');
    await page.getByRole('link', { name: 'Create an account to start your free trial' }).click();
    await page.waitForURL(`${baseURL()}/dashboard/register`);
    await page.getByLabel('Display Name').fill('Uma Upgrade');
    await page.getByLabel('Email').fill(uniqueEmail('trust'));
    await page.getByLabel('Password').fill('trust-secret-1');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(`${baseURL()}/upgrade`);
    await page.getByText(WELCOME).waitFor();
    await snap(page, 'welcome-upgrade-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    await snap(page, 'welcome-upgrade-1280');
    await context.close();

    const second = await newPage(browser(), 1280);
    await second.page.goto('/dashboard/settings');
    await second.page.waitForURL(`${baseURL()}/dashboard/login`);
    await second.page.getByRole('button', { name: "Don't have an account? Create one" }).click();
    await second.page.getByLabel('Display Name').fill('Seth Settings');
    await second.page.getByLabel('Email').fill(uniqueEmail('trust'));
    await second.page.getByLabel('Password').fill('trust-secret-1');
    await second.page.getByRole('button', { name: 'Create Account' }).click();
    await second.page.waitForURL(`${baseURL()}/dashboard/settings`);
    await second.page.getByRole('heading', { name: 'Account Information' }).waitFor();
    await second.page.getByText(WELCOME).waitFor();
    await snap(second.page, 'welcome-settings-1280');
    await second.context.close();
  });
});

describe('Sign out of all devices', () => {
  it('ends this session and the one on another device; other accounts keep theirs', async () => {
    const account = await registerFresh('Sam Sessions', 'trust');
    const otherDevice = await logIn(account.email, account.password);
    const bystander = await registerFresh('Bea Bystander', 'trust');

    const laptop = await newPage(browser(), 1280);
    await keepSession(laptop.page, account.token);
    await laptop.page.goto('/dashboard/settings');
    const button = laptop.page.getByRole('button', { name: 'Sign out of all devices' });
    await button.waitFor();
    await snap(laptop.page, 'settings-sign-out-everywhere-1280');
    await laptop.page.setViewportSize({ width: 390, height: 844 });
    await snap(laptop.page, 'settings-sign-out-everywhere-390');

    const phone = await newPage(browser(), 390);
    await keepSession(phone.page, otherDevice);
    await phone.page.goto('/dashboard');
    await phone.page.getByRole('heading', { name: 'Hi, Sam Sessions' }).waitFor();

    await button.click();
    await laptop.page.waitForURL(`${baseURL()}/dashboard/login`);
    await laptop.page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    expect(
      await laptop.page.evaluate(() => [
        localStorage.getItem('authToken'),
        localStorage.getItem('user_profile'),
      ]),
    ).toEqual([null, null]);

    expect(await me(account.token)).toBe(401);
    expect(await me(otherDevice)).toBe(401);
    expect(await me(bystander.token)).toBe(200);
    // The other device finds out on its next visit.
    await phone.page.goto('/dashboard');
    await phone.page.waitForURL(`${baseURL()}/dashboard/login`);
    await phone.page.getByRole('alert').filter({ hasText: 'Failed to fetch user profile' }).waitFor();

    await laptop.context.close();
    await phone.context.close();
  });
});
