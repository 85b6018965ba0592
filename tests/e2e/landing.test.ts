import { describe, expect, it } from 'vitest';
import { adminLibrariesIn } from '../bench/webMarkers';
import { baseURL, extensionId, chromiumForFile, newPage, signInAs } from './browser';
import { hasHorizontalScroll, snapWholePage } from './landingHelpers';

const browser = chromiumForFile();

const SECTION_HEADINGS = [
  'Save the posts worth keeping. Find them in seconds.',
  'A bookmark folder is where good ideas go to die',
  'How It Works',
  'One-Click Saving',
  'Made for people who learn in public',
  'Saved Posts Dashboard',
  'Simple pricing. Start free.',
  'Stop losing the posts that matter',
  'Get in Touch',
];

describe('landing page', () => {
  it('is pre-rendered: the hero and every section are in the HTML before any script runs', async () => {
    const html = await (await fetch(`${baseURL()}/`)).text();
    let last = -1;
    for (const heading of SECTION_HEADINGS) {
      const at = html.indexOf(heading);
      expect(at, heading).toBeGreaterThan(last);
      last = at;
    }
    // Other routes get the un-rendered shell, which the client renders itself.
    const shell = await (await fetch(`${baseURL()}/privacy`)).text();
    expect(shell).not.toContain('Save the posts worth keeping');
    expect(shell).toContain('<div id="root">');
  });

  it('shows the content with JavaScript disabled', async () => {
    const context = await browser().newContext({ baseURL: baseURL(), javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain(
      'Save the posts worth keeping',
    );
    expect(await page.getByRole('heading', { name: 'How It Works' }).isVisible()).toBe(true);
    await context.close();
  });

  it('hydrates without a mismatch warning and becomes interactive', async () => {
    const { context, page } = await newPage(browser());
    const messages: string[] = [];
    page.on('console', (m) => messages.push(`${m.type()}: ${m.text()}`));
    page.on('pageerror', (e) => messages.push(`pageerror: ${e.message}`));
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Get in Touch' }).click();
    // The form's code arrives on the first open.
    await page.getByRole('dialog', { name: 'Get in Touch' }).waitFor({ state: 'visible', timeout: 5_000 });
    const problems = messages.filter((m) => /hydrat|did not match|mismatch|error/i.test(m));
    expect(problems).toEqual([]);
    await context.close();
  });

  it('Add to Chrome opens the store listing in a new tab, without a handle back to this page', async () => {
    const { context, page } = await newPage(browser());
    // The store is outside (and headless Chromium cannot load it): record the tab's request and stop it there.
    const storeRequests: string[] = [];
    await context.route('https://chromewebstore.google.com/**', (route) => {
      storeRequests.push(route.request().url());
      return route.abort();
    });
    await page.goto('/');
    const link = page.locator('header').getByRole('link', { name: 'Add to Chrome' });
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toContain('noopener');
    const [popup] = await Promise.all([context.waitForEvent('page'), link.click()]);
    // The new tab opens empty, then navigates (here to the error page of the stopped request). Inspecting its
    // window before that navigation has committed and loaded races it ("execution context was destroyed").
    const navigated = (url: string) => url !== '' && url !== 'about:blank';
    if (!navigated(popup.url()))
      await popup.waitForEvent('framenavigated', {
        predicate: (frame) => frame === popup.mainFrame() && navigated(frame.url()),
      });
    await popup.waitForLoadState('load');
    // The e2e build names the test extension, whose id the store link carries.
    await expect
      .poll(() => storeRequests)
      .toEqual([`https://chromewebstore.google.com/detail/postkeeper/${extensionId()}`]);
    expect(context.pages()).toHaveLength(2);
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    expect(page.url()).toBe(`${baseURL()}/`);
    await context.close();
  });

  it('sends a signed-in admin from / to /admin, and leaves other accounts on /', async () => {
    const admin = await newPage(browser());
    expect(typeof (await signInAs(admin.page, 'admin@example.com', 'admin-demo-1'))).toBe('string');
    await admin.page.goto('/');
    await admin.page.waitForURL(`${baseURL()}/admin`);
    await admin.context.close();

    const user = await newPage(browser());
    expect(typeof (await signInAs(user.page, 'user@example.com', 'user-demo-1'))).toBe('string');
    const me = user.page.waitForResponse((r) => r.url().endsWith('/api/auth/me'));
    await user.page.goto('/');
    expect((await me).ok()).toBe(true);
    await user.page.waitForLoadState('networkidle');
    expect(user.page.url()).toBe(`${baseURL()}/`);
    await user.context.close();
  });

  it('requests no console library code on / or on the sign-in page', async () => {
    for (const path of ['/', '/dashboard/login']) {
      const { context, page } = await newPage(browser());
      const scripts: Promise<string[]>[] = [];
      page.on('response', (res) => {
        if (res.request().resourceType() === 'script')
          scripts.push(res.text().then((t) => adminLibrariesIn(res.url(), t)));
      });
      await page.goto(path, { waitUntil: 'networkidle' });
      const found = (await Promise.all(scripts)).flat();
      expect(scripts.length, path).toBeGreaterThan(0);
      expect(found, path).toEqual([]);
      await context.close();
    }
  });

  it('fits every width from 360 px to 1440 px without horizontal scrolling', async () => {
    for (const width of [360, 390, 768, 1024, 1280, 1440]) {
      const { context, page } = await newPage(browser(), width);
      for (const path of ['/', '/privacy', '/terms', '/help', '/no-such-page']) {
        await page.goto(path, { waitUntil: 'networkidle' });
        expect(await hasHorizontalScroll(page), `${path} at ${width} px`).toBe(false);
      }
      await context.close();
    }
  });

  it('renders the legal, help and 404 pages with the site chrome, and saves screenshots of every page', async () => {
    const pages: [string, string, string][] = [
      ['/', 'landing', 'Save the posts worth keeping'],
      ['/privacy', 'privacy', 'Privacy Policy'],
      ['/terms', 'terms', 'Terms of Service'],
      ['/help', 'help', 'How can we help?'],
      ['/no-such-page', 'not-found', 'Page not found'],
    ];
    for (const width of [390, 1280]) {
      const { context, page } = await newPage(browser(), width);
      for (const [path, name, heading] of pages) {
        await page.goto(path, { waitUntil: 'networkidle' });
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain(heading);
        expect(await page.locator('footer').getByRole('button', { name: 'Support' }).count()).toBe(1);
        await snapWholePage(page, `${name}-${width}`);
      }
      await page.goto('/no-such-page');
      await page.getByRole('link', { name: 'Back to home' }).click();
      await page.waitForURL(`${baseURL()}/`);
      await context.close();
    }
  });
});
