import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../fixtures/localServer';

export { CHROMIUM_ARGS } from '../fixtures/localServer';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
}

export const baseURL = () => inject('baseURL');
/** The id of the test extension, which the e2e build of the web app talks to. */
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

/** Signs in through the API and stores the token the way the web app does. */
export async function signInAs(page: Page, email: string, password: string): Promise<string> {
  const res = await page.request.post(`${baseURL()}/api/auth/login`, { data: { email, password } });
  const { token } = (await res.json()) as { token: string };
  await page.goto('/');
  await page.evaluate((t) => localStorage.setItem('authToken', t), token);
  return token;
}
