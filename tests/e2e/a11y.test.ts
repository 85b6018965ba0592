import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumForFile, newPage, signInAs } from './browser';

const browser = chromiumForFile();

const PUBLIC_PAGES = [
  '/',
  '/privacy',
  '/terms',
  '/help',
  '/no-such-page',
  '/dashboard/login',
  '/dashboard/register',
  '/dashboard/forgot-password',
  '/dashboard/reset-password?token=abc',
  '/dashboard/reset-password',
  '/upgrade',
];
const SIGNED_IN_PAGES = ['/dashboard', '/dashboard/settings', '/upgrade', '/help', '/privacy'];
const CONSOLE_PAGES = [
  '/admin',
  '/admin/users',
  '/admin/coupons',
  '/admin/flagged',
  '/admin/ai-config',
  '/admin/suspicious',
  '/admin/cost-analysis',
  '/admin/messages',
  '/admin/audit-log',
];
const THEMES = ['light', 'dark'] as const;

async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

describe('accessibility (axe)', () => {
  it.each(PUBLIC_PAGES)('%s has no violations when logged out', async (path) => {
    const { context, page } = await newPage(browser(), 390);
    await page.goto(path, { waitUntil: 'networkidle' });
    // The page under test is the real screen, not the 404 page standing in for a missing route.
    if (path !== '/no-such-page')
      expect(await page.getByRole('heading', { name: 'Page not found' }).count(), path).toBe(0);
    expect(await violations(page)).toEqual([]);
    await context.close();
  });

  it('the open contact and support dialogs have no violations', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/', { waitUntil: 'networkidle' });
    for (const name of ['Get in Touch', 'Support']) {
      await page.locator('footer').getByRole('button', { name }).click();
      await page.getByRole('dialog', { name }).waitFor();
      expect(await violations(page), name).toEqual([]);
      await page.keyboard.press('Escape');
    }
    await context.close();
  });

  it.each(SIGNED_IN_PAGES)('%s has no violations when logged in', async (path) => {
    const { context, page } = await newPage(browser());
    const token = await signInAs(page, 'user@example.com', 'user-demo-1');
    expect(typeof token).toBe('string');
    await page.goto(path, { waitUntil: 'networkidle' });
    expect(await page.getByRole('heading', { name: 'Page not found' }).count(), path).toBe(0);
    expect(new URL(page.url()).pathname, 'still signed in').toBe(path);
    expect(await violations(page)).toEqual([]);
    await context.close();
  });

  it.each(THEMES)(
    'every console page has no violations in the %s theme',
    async (theme) => {
      const { context, page } = await newPage(browser(), 1440);
      await signInAs(page, 'admin@example.com', 'admin-demo-1');
      const found: Record<string, string[]> = {};
      for (const path of CONSOLE_PAGES) {
        await page.goto(path, { waitUntil: 'networkidle' });
        await page.getByRole('tablist', { name: 'Console sections' }).waitFor();
        const isDark = () =>
          page.evaluate(() => {
            // Dark when the page's background is darker than mid-grey.
            const [r, g, b] = (getComputedStyle(document.body).backgroundColor.match(/\d+/g) ?? []).map(
              Number,
            );
            return (r + g + b) / 3 < 128;
          });
        if ((theme === 'dark') !== (await isDark())) {
          await page.getByRole('button', { name: 'Toggle light/dark mode' }).click();
          await expect.poll(isDark).toBe(theme === 'dark');
          // The toggle's tooltip is the click's leftover, not part of the page.
          await page.mouse.move(0, 600);
          await page.getByRole('tooltip').waitFor({ state: 'detached' });
        }
        await page.waitForLoadState('networkidle');
        found[path] = await violations(page);
      }
      expect(found).toEqual(Object.fromEntries(CONSOLE_PAGES.map((p) => [p, []])));
      await context.close();
      // One sign-in, then every console page in turn: the time grows with the pages, not one page's 60 s.
    },
    CONSOLE_PAGES.length * 15_000,
  );
});
