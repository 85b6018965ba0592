import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { baseURL, extensionId, registerFresh, snap } from './browser';
import { dashboardOpenedBy, launchWithExtension, type ExtensionBrowser } from './extensionBrowser';

// The web app with the extension this repository builds installed (dist/extension, loaded unpacked): the
// messages of the sign-in, the header's Extension link and Logout reach it, and its library page shows the
// account and the user's posts, as the service worker reads them from the API.

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

/** The extension's library tabs open now. */
const libraryTabs = (ext: ExtensionBrowser) =>
  ext.context.pages().filter((p) => p.url() === ext.dashboardUrl);

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
    // The extension took the session from the web app's origin, and its library shows the account and its posts.
    const signedInToken = await page.evaluate(() => localStorage.getItem('authToken'));
    expect((await ext.state()).session).toMatchObject({ token: signedInToken, apiUrl: `${baseURL()}/api` });
    await dashboard.getByRole('region', { name: 'Account' }).getByText(user.email).waitFor();
    await dashboard.getByRole('status').getByText('1 saved post').waitFor();
    expect(await dashboard.getByRole('list', { name: 'Saved posts' }).innerText()).toContain(
      'Saved before signing in on the web',
    );
    expect(libraryTabs(ext)).toHaveLength(1);
    await snap(dashboard, 'extension-library');

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
    expect((await ext.state()).session).toBeUndefined();

    const first = await dashboardOpenedBy(ext, () =>
      page.locator('header').getByRole('button', { name: 'Extension' }).click(),
    );
    await first.getByRole('status').getByText('0 saved posts').waitFor();
    await first.getByText('No saved posts yet').waitFor();
    await first.getByRole('region', { name: 'Account' }).getByText(user.email).waitFor();
    expect((await ext.state()).session?.token).toBe(user.token);

    await savePost(user.token, 'A thread on pricing pages, saved from X');
    const again = await dashboardOpenedBy(ext, () =>
      page.locator('header').getByRole('button', { name: 'Extension' }).click(),
    );
    await again.getByRole('status').getByText('1 saved post').waitFor();
    expect(await again.getByRole('list', { name: 'Saved posts' }).innerText()).toContain(
      'A thread on pricing pages, saved from X',
    );
    // Each click opened a library tab of its own.
    expect(libraryTabs(ext)).toHaveLength(2);
    expect(alerts).toEqual([]);
    await page.close();
  });

  it('the toolbar popup shows the account (email, plan, storage used of its limit) and opens the library', async () => {
    const popupUrl = ext.dashboardUrl.replace('dashboard.html', 'popup.html');
    const popup = await ext.context.newPage();
    await popup.goto(popupUrl);
    await popup.getByRole('heading', { name: 'Not signed in' }).waitFor();
    await popup.getByText('0 saved in this browser').waitFor();
    expect(await popup.getByRole('button', { name: 'Sign in' }).isVisible()).toBe(true);
    await popup.setViewportSize({ width: 360, height: 400 });
    await snap(popup, 'extension-popup-signed-out');

    const user = await registerFresh('Pia Popup', 'ext');
    const page = await signedOutPage(ext);
    await page.evaluate((token) => localStorage.setItem('authToken', token), user.token);
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Hi, Pia Popup' }).waitFor();
    await dashboardOpenedBy(ext, () =>
      page.locator('header').getByRole('button', { name: 'Extension' }).click(),
    );

    await popup.reload();
    await popup.getByRole('heading', { name: user.email }).waitFor();
    await popup.getByText('Free', { exact: true }).waitFor();
    await popup.getByText('0 MB of 1.00 GB used').waitFor();
    await popup.getByText(`API: ${baseURL()}/api`).waitFor();
    expect(await popup.getByRole('button', { name: 'Sign in' }).isVisible()).toBe(false);
    // As big as Chrome draws it: the popup sizes itself to its content.
    await popup.setViewportSize({ width: 360, height: 400 });
    await snap(popup, 'extension-popup');
    await dashboardOpenedBy(ext, () => popup.getByRole('button', { name: 'Open library' }).click());
    await page.close();
  });

  it('Logout sends LOGOUT: the extension forgets the session, and its open library says it is signed out', async () => {
    const user = await registerFresh('Lou Logout', 'ext');
    const page = await signedOutPage(ext);
    await page.evaluate((token) => localStorage.setItem('authToken', token), user.token);
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Hi, Lou Logout' }).waitFor();
    const library = await dashboardOpenedBy(ext, () =>
      page.locator('header').getByRole('button', { name: 'Extension' }).click(),
    );
    await library.getByRole('region', { name: 'Account' }).getByText(user.email).waitFor();
    expect((await ext.state()).session?.token).toBe(user.token);

    await page.locator('header').getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${baseURL()}/dashboard/login`);
    await expect.poll(async () => (await ext.state()).session).toBeUndefined();
    // The library tab still open follows, and offers to sign in again on the web app.
    const account = library.getByRole('region', { name: 'Account' });
    await account.getByText('Not signed in').waitFor();
    const signIn = await account.getByRole('link', { name: 'Sign in' }).getAttribute('href');
    expect(new URL(signIn ?? '').pathname).toBe('/login');
    expect(await account.innerText()).not.toContain(user.email);

    // Opened now, it says saves stay on this computer until the user signs in.
    const reopened = await ext.context.newPage();
    await reopened.goto(ext.dashboardUrl);
    await reopened.getByText('Saved on this computer only. Sign in to keep them in your account').waitFor();
    await snap(reopened, 'extension-library-signed-out');
    await page.close();
  });
});
