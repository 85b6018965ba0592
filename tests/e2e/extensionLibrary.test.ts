import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import { count, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { posts } from '../../src-server/db/schema';
import { startLibraryServer, type LibraryServer } from '../fixtures/libraryServer';
import { FORMULA_TEXT, makePro, seedShowcaseLibrary, SHOWCASE_COUNT } from '../fixtures/showcaseLibrary';
import { snap, submitSignIn } from './browser';
import { dashboardOpenedBy, launchWithExtension, type ExtensionBrowser } from './extensionBrowser';

// The library page (dashboard.html) of the built extension in Chromium, over the real server and database: an
// account's 40 saved posts (tests/fixtures/showcaseLibrary.ts) reached from the web app's sign-in and Extension
// link, searched, filtered by tag, charted, exported and deleted; Free and Pro see what their plan gives. The
// server runs in this file's process (its AI pointed at a local stand-in, its database written directly for the
// plan), serving the web app this run built; one browser for the file.

let server: LibraryServer;
let ext: ExtensionBrowser;
beforeAll(async () => {
  server = await startLibraryServer(inject('clientDir'));
  ext = await launchWithExtension();
});
afterAll(async () => {
  await ext?.close();
  await server?.close();
});
beforeEach(() => ext.reset());

type Account = Awaited<ReturnType<LibraryServer['register']>>;

/** A new account holding the showcase library; Pro when asked. */
async function accountWithLibrary(name: string, pro = false): Promise<Account> {
  const user = await server.register(name);
  await seedShowcaseLibrary(server.db, user.id);
  if (pro) await makePro(server.db, user.id);
  return user;
}

/**
 * Signs in on the web app (which hands the session over and opens the library), then opens the library again from
 * the header's Extension link, as a returning user does; answers that second tab once its posts are counted.
 */
async function openLibrary(user: Account, name: string): Promise<Page> {
  const web = await ext.context.newPage();
  // Signed out on the web app: the account of an earlier test is still in this origin's storage.
  await web.goto(`${server.url}/api/healthz`);
  await web.evaluate(() => localStorage.clear());
  await web.goto(`${server.url}/dashboard/login`);
  const first = await dashboardOpenedBy(ext, () => submitSignIn(web, user.email, user.password));
  await first.close();
  await web.getByRole('heading', { name: `Hi, ${name}` }).waitFor();
  const library = await dashboardOpenedBy(ext, () =>
    web.locator('header').getByRole('button', { name: 'Extension' }).click(),
  );
  await library.getByRole('status').getByText(`${SHOWCASE_COUNT} saved posts`, { exact: true }).waitFor();
  await web.close();
  return library;
}

const feed = (page: Page) => page.getByRole('list', { name: 'Saved posts' });
const countLine = (page: Page) => page.locator('.lib-count');
const nav = (page: Page, view: string) =>
  page.getByRole('navigation', { name: 'Library' }).getByRole('button', { name: view });

/** The posts the server keeps for the account. */
async function serverPostCount(userId: string): Promise<number> {
  const [row] = await server.db.select({ n: count() }).from(posts).where(eq(posts.userId, userId));
  return Number(row.n);
}

describe('the library page of the installed extension', () => {
  it('a Free account signs in on the web app, opens the library from the Extension link, and sees its posts, the ad slot and the Rediscover upsell', async () => {
    const user = await accountWithLibrary('Fran Free');
    const page = await openLibrary(user, 'Fran Free');
    await page.getByRole('region', { name: 'Account' }).getByText(user.email).waitFor();
    // Newest first: the post saved today leads the feed.
    await expect
      .poll(() => feed(page).locator('article, li').first().innerText())
      .toContain('Pricing pages that convert');
    const ad = page.getByRole('region', { name: 'Advertisement' });
    await ad.getByText('Ad', { exact: true }).waitFor();
    expect(await ad.getByRole('link', { name: 'Try Pro' }).getAttribute('href')).toMatch(/\/upgrade$/);

    await nav(page, 'Rediscover').click();
    await page.getByRole('heading', { name: 'Rediscover what you saved' }).waitFor();
    expect(await page.getByRole('link', { name: 'Upgrade to Pro' }).getAttribute('href')).toMatch(
      /\/upgrade$/,
    );
    await snap(page, 'extension-library-free');
  });

  it('search narrows and marks the words; a tag narrows the feed, lives in the address and drives the analytics; export and delete with undo', async () => {
    const user = await accountWithLibrary('Tess Tags');
    const page = await openLibrary(user, 'Tess Tags');

    // Smart Search: results follow the typing, the matched words are marked.
    await page.keyboard.press('/');
    await page.keyboard.type('pricing');
    await expect
      .poll(() => countLine(page).innerText())
      .toMatch(new RegExp(`^\\d+ of ${SHOWCASE_COUNT} saved posts$`));
    const found = await feed(page).innerText();
    expect(found).toContain('Pricing pages that convert');
    expect(found).toContain('How do you price a B2B product');
    expect(found).not.toContain('Kyoto in autumn');
    expect((await feed(page).locator('mark').allInnerTexts()).map((t) => t.toLowerCase())).toContain(
      'pricing',
    );
    expect(new URL(page.url()).hash).toBe('#/?q=pricing');
    await page.getByRole('searchbox', { name: 'Search saved posts' }).fill('');

    // Smart Tag Filtering: nine posts carry "growth".
    const growth = page.getByRole('button', { name: 'growth 9 posts' });
    await growth.click();
    await expect.poll(() => countLine(page).innerText()).toBe(`9 of ${SHOWCASE_COUNT} saved posts`);
    expect(await growth.getAttribute('aria-pressed')).toBe('true');
    expect(new URL(page.url()).hash).toBe('#/?tag=growth');
    expect(await feed(page).innerText()).not.toContain('Kyoto in autumn');

    // Analytics on the same filter, then on the whole library once the tag is unpicked.
    await nav(page, 'Analytics').click();
    await expect.poll(() => countLine(page).innerText()).toBe(`9 of ${SHOWCASE_COUNT} saved posts`);
    expect(new URL(page.url()).hash).toBe('#/analytics?tag=growth');
    await page
      .getByRole('region', { name: 'Top tags' })
      .getByText('growth: 9')
      .waitFor({ state: 'attached' });
    await page.getByRole('region', { name: 'Saves per week' }).locator('svg').first().waitFor();
    await page.getByRole('button', { name: /^growth 9 posts/ }).click();
    await expect.poll(() => countLine(page).innerText()).toBe(`${SHOWCASE_COUNT} saved posts`);
    await page
      .getByRole('region', { name: 'Top tags' })
      .getByText('design: 5')
      .waitFor({ state: 'attached' });

    // A bookmarked view opens with its filter.
    await page.goto(`${ext.dashboardUrl}#/?tag=growth&platform=x`);
    await expect.poll(() => countLine(page).innerText()).toBe(`4 of ${SHOWCASE_COUNT} saved posts`);

    // Export: both files carry every post; the formula-looking text is neutralised in the CSV.
    await nav(page, 'Privacy').click();
    const [json] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export JSON' }).click(),
    ]);
    expect(json.suggestedFilename()).toMatch(/^postkeeper-library-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(readFileSync(await json.path(), 'utf8')) as {
      count: number;
      posts: { text: string; tags: string[]; category: string; platform: string }[];
    };
    expect(exported.count).toBe(SHOWCASE_COUNT);
    expect(exported.posts.find((p) => p.text === FORMULA_TEXT)).toMatchObject({
      tags: ['finance', 'spreadsheets'],
      category: 'finance',
      platform: 'x',
    });
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);
    const csvText = readFileSync(await csv.path(), 'utf8');
    const lines = csvText.split('\r\n');
    expect(lines[0]).toMatch(/^"url","platform","author",/);
    expect(lines).toHaveLength(SHOWCASE_COUNT + 1);
    expect(csvText).toContain(`"'${FORMULA_TEXT}"`);
    expect(csvText).not.toContain(`"${FORMULA_TEXT}"`);

    // Delete with undo: # deletes the first card, Undo brings it back; left alone, it is gone on the server.
    await page.goto(ext.dashboardUrl);
    await page.getByRole('status').getByText(`${SHOWCASE_COUNT} saved posts`, { exact: true }).waitFor();
    await page.locator('body').press('#');
    await page.getByText('Post deleted.').waitFor();
    await page
      .getByRole('status')
      .getByText(`${SHOWCASE_COUNT - 1} saved posts`, { exact: true })
      .waitFor();
    expect(await feed(page).innerText()).not.toContain('Pricing pages that convert');
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByRole('status').getByText(`${SHOWCASE_COUNT} saved posts`, { exact: true }).waitFor();
    expect(await feed(page).innerText()).toContain('Pricing pages that convert');
    expect(await serverPostCount(user.id)).toBe(SHOWCASE_COUNT);

    await page.locator('body').press('#');
    await page.getByText('Post deleted.').waitFor();
    await page.getByText('Post deleted.').waitFor({ state: 'detached', timeout: 15_000 });
    await expect.poll(() => serverPostCount(user.id), { timeout: 10_000 }).toBe(SHOWCASE_COUNT - 1);
    await page.reload();
    await page
      .getByRole('status')
      .getByText(`${SHOWCASE_COUNT - 1} saved posts`, { exact: true })
      .waitFor();
    expect(await feed(page).innerText()).not.toContain('Pricing pages that convert');
  });

  it('a Pro account gets Rediscover cards with their reasons from the AI, the analytics summary, and no ad', async () => {
    const user = await accountWithLibrary('Pia Pro', true);
    const page = await openLibrary(user, 'Pia Pro');
    expect(await page.getByRole('region', { name: 'Advertisement' }).count()).toBe(0);

    await nav(page, 'Rediscover').click();
    const cards = page.getByRole('list', { name: 'Rediscover' }).getByRole('listitem');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(2);
    const first = await cards.first().innerText();
    expect(first).toContain('You keep saving pricing advice; this one pairs with your latest save.');
    expect(first).toContain('Pricing pages that convert');
    expect(await cards.nth(1).innerText()).toContain('A founder story you saved and never opened again.');

    await nav(page, 'Analytics').click();
    await page
      .getByText('Most of your saves this quarter are about growth and pricing, mostly from X and LinkedIn.')
      .waitFor();
    await snap(page, 'extension-library-pro-analytics');
  });

  it('axe finds no violations on the library at 1280 px, light and dark', async () => {
    const user = await accountWithLibrary('Axel Axe');
    const page = await openLibrary(user, 'Axel Axe');
    await page.setViewportSize({ width: 1280, height: 900 });
    const violations: string[] = [];
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const view of ['Saved posts', 'Analytics', 'Rediscover', 'Privacy']) {
        await nav(page, view).click();
        await page.getByRole('heading', { level: 1, name: view }).waitFor();
        if (view === 'Analytics') {
          await page.getByRole('region', { name: 'Saves per week' }).locator('svg').first().waitFor();
        }
        const result = await new AxeBuilder({ page }).analyze();
        violations.push(
          ...result.violations.map(
            (v) =>
              `${scheme} ${view}: ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
          ),
        );
      }
    }
    expect(violations).toEqual([]);
    // Eight full axe runs: slower than the other tests on a busy machine.
  }, 180_000);
});
