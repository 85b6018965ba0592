import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { baseURL, extensionId, registerFresh } from './browser';
import { dashboardOpenedBy, launchWithExtension, type ExtensionBrowser } from './extensionBrowser';

// The web app with the real (test build of the) extension installed: the messages of the sign-in, the header's
// Extension link and Logout reach it, and its dashboard reads the user's posts from the API.

/** Saves a post the way the extension does, with the user's bearer token. */
async function savePost(token: string, text: string): Promise<void> {
  const res = await fetch(`${baseURL()}/api/ext/posts`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({
      platform: 'x',
      url: `https://x.com/maya/status/${Date.now()}`,
      author: 'Maya',
      text,
    }),
  });
  expect(res.status).toBe(201);
}

/**
 * A page on the web app's origin with no session stored. It starts on a response without the app, so no
 * session load of an earlier test's token is in flight while the storage changes under it.
 */
async function signedOutPage(ext: ExtensionBrowser): Promise<Page> {
  const page = await ext.context.newPage();
  await page.goto('/api/healthz');
  await page.evaluate(() => localStorage.clear());
  return page;
}

/** The actions the extension has received, in order. */
const actions = async (ext: ExtensionBrowser) => ((await ext.state()).received ?? []).map((m) => m.action);

describe('signing in with the extension installed', () => {
  // The page's timers run on a clock the test moves, so "2 s later" is checked without waiting on real time.
  // Playwright's clock serves a whole browser context: this test gets a browser of its own.
  let ext: ExtensionBrowser;
  beforeAll(async () => {
    ext = await launchWithExtension();
  });
  afterAll(() => ext?.close());

  it('sign-in hands the session over and asks the extension to open its dashboard; the web redirect follows 2 s later', async () => {
    const user = await registerFresh('Sam Signin', 'ext');
    await savePost(user.token, 'Saved before signing in on the web');
    const page = await signedOutPage(ext);
    await page.clock.install();
    await page.goto('/dashboard/login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);

    const dashboard = await dashboardOpenedBy(ext, () =>
      page.getByRole('button', { name: 'Sign In' }).click(),
    );
    expect(await actions(ext)).toEqual(['openDashboard']);
    const { session, received } = await ext.state();
    const signedInToken = await page.evaluate(() => localStorage.getItem('authToken'));
    expect(session).toMatchObject({ token: signedInToken, apiUrl: `${baseURL()}/api` });
    expect(received?.[0]?.origin).toBe(baseURL());
    await dashboard.getByRole('status').getByText('1 saved post').waitFor();
    expect(await dashboard.getByRole('list', { name: 'Saved posts' }).innerText()).toContain(
      'Saved before signing in on the web',
    );

    // The extension answered: the web app stays put until 2 s have passed, then goes on to the dashboard.
    await page.clock.runFor(1_900);
    expect(new URL(page.url()).pathname).toBe('/dashboard/login');
    await page.clock.runFor(100);
    await page.waitForURL(`${baseURL()}/dashboard`);
    await page.getByRole('heading', { name: 'Hi, Sam Signin' }).waitFor();
  });
});

describe('the signed-in web app and the installed extension', () => {
  let ext: ExtensionBrowser;
  beforeAll(async () => {
    ext = await launchWithExtension();
  });
  afterAll(() => ext?.close());
  beforeEach(() => ext.reset());

  it('loads the extension under the id the web app was built with', () => {
    expect(ext.worker.url()).toBe(`chrome-extension://${extensionId()}/background.js`);
  });

  it("the header's Extension link asks again and brings the extension the session; a post saved through the API shows in its dashboard", async () => {
    const user = await registerFresh('Erin Extension', 'ext');
    const page = await signedOutPage(ext);
    const alerts: string[] = [];
    page.on('dialog', (dialog) => void (alerts.push(dialog.message()), dialog.dismiss()));
    // Signed in before the extension was installed: the extension knows nobody yet.
    await page.evaluate((token) => localStorage.setItem('authToken', token), user.token);
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Hi, Erin Extension' }).waitFor();
    expect(await ext.state()).toEqual({});

    const first = await dashboardOpenedBy(ext, () =>
      page.locator('header').getByRole('button', { name: 'Extension' }).click(),
    );
    await first.getByRole('status').getByText('0 saved posts').waitFor();
    expect((await ext.state()).session?.token).toBe(user.token);

    await savePost(user.token, 'A thread on pricing pages, saved from X');
    const again = await dashboardOpenedBy(ext, () =>
      page.locator('header').getByRole('button', { name: 'Extension' }).click(),
    );
    await again.getByRole('status').getByText('1 saved post').waitFor();
    expect(await again.getByRole('list', { name: 'Saved posts' }).innerText()).toContain(
      'A thread on pricing pages, saved from X',
    );
    expect(await actions(ext)).toEqual(['openDashboard', 'openDashboard']);
    expect(alerts).toEqual([]);
    await page.close();
  });

  it('Logout sends LOGOUT and the extension forgets the session', async () => {
    const user = await registerFresh('Lou Logout', 'ext');
    const page = await signedOutPage(ext);
    await page.evaluate((token) => localStorage.setItem('authToken', token), user.token);
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Hi, Lou Logout' }).waitFor();
    await dashboardOpenedBy(ext, () =>
      page.locator('header').getByRole('button', { name: 'Extension' }).click(),
    );
    expect((await ext.state()).session?.token).toBe(user.token);

    await page.locator('header').getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${baseURL()}/dashboard/login`);
    await expect.poll(() => actions(ext)).toEqual(['openDashboard', 'LOGOUT']);
    const state = await ext.state();
    expect(state.session).toBeUndefined();
    expect(state.received?.[1]?.origin).toBe(baseURL());

    // Opened now, its dashboard asks the user to sign in instead of listing anyone's posts.
    const dashboard = await ext.context.newPage();
    await dashboard.goto(ext.dashboardUrl);
    await dashboard
      .getByRole('status')
      .getByText('Sign in on the Postkeeper website to see your saved posts.')
      .waitFor();
    await page.close();
  });
});
