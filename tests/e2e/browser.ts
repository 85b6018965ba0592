import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../fixtures/localServer';

export { CHROMIUM_ARGS } from '../fixtures/localServer';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
}

/**
 * One Chromium for the file: launched before its tests, closed after them. Returns a getter, since the browser
 * exists only once the file's tests run.
 */
export function chromiumForFile(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('Chromium is not running yet');
    return browser;
  };
}

export const baseURL = () => inject('baseURL');

/** An address no other test (or earlier run) has used; the prefix says which suite made the account. */
export const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

/** A fresh account through the API (never a demo one, so nothing here touches other tests' sessions or data). */
export async function registerFresh(
  displayName: string,
  prefix: string,
): Promise<{ email: string; password: string; token: string }> {
  const email = uniqueEmail(prefix);
  const password = `${prefix}-secret-1`;
  const res = await fetch(`${baseURL()}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, displayName }),
  });
  expect(res.status).toBe(200);
  return { email, password, token: ((await res.json()) as { token: string }).token };
}
/** The id of the built extension (its manifest's key), which the e2e build of the web app talks to. */
export const extensionId = () => inject('extensionId');

/** A fresh context with empty storage, at the given width. */
export async function newPage(
  browser: Browser,
  width = 1280,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseURL(), viewport: { width, height: 900 } });
  const page = await context.newPage();
  return { context, page };
}

export const ARTIFACTS = join(import.meta.dirname, '..', '..', 'test-results', 'screenshots');

/** Saves a full-page screenshot as a test artifact. */
export async function snap(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Fills the sign-in form the page shows and submits it, as a visitor does. */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** After signing out: neither the token nor the cached profile is left, and `accountPage` sends to sign-in. */
export async function expectSignedOut(page: Page, accountPage: string): Promise<void> {
  expect(
    await page.evaluate(() => [localStorage.getItem('authToken'), localStorage.getItem('user_profile')]),
  ).toEqual([null, null]);
  await page.goto(accountPage);
  await page.waitForURL('**/dashboard/login**');
}

/** Signs in through the API and stores the token the way the web app does. */
export async function signInAs(page: Page, email: string, password: string): Promise<string> {
  const res = await page.request.post(`${baseURL()}/api/auth/login`, { data: { email, password } });
  const { token } = (await res.json()) as { token: string };
  await page.goto('/');
  await page.evaluate((t) => localStorage.setItem('authToken', t), token);
  return token;
}
