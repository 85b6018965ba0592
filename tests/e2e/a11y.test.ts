import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseURL, chromiumForFile, newPage, signInAs } from './browser';
import { CONSOLE_SECTIONS as CONSOLE_PAGES } from '../fixtures/consoleSections';

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
const THEMES = ['light', 'dark'] as const;
// An operator's desk: a small laptop, Lighthouse's desktop width and a full-HD screen.
const DESK_WIDTHS = [1024, 1350, 1920];

/**
 * axe's default rules plus the two Lighthouse scores that axe leaves off by default: targets of at least
 * 24 × 24 px or spaced apart (WCAG 2.2), and a name that holds the words the control shows.
 */
const LIGHTHOUSE_RULES = {
  'target-size': { enabled: true },
  'label-content-name-mismatch': { enabled: true },
};

async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).options({ rules: LIGHTHOUSE_RULES }).analyze();
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
    'every console page has no violations in the %s theme at 1024, 1350 and 1920 px',
    async (theme) => {
      const { context, page } = await newPage(browser(), DESK_WIDTHS[0]);
      const token = await signInAs(page, 'admin@example.com', 'admin-demo-1');
      const pages = [...CONSOLE_PAGES, ...(await detailPages(token))];
      const found: Record<string, string[]> = {};
      for (const path of pages) {
        await page.setViewportSize({ width: DESK_WIDTHS[0], height: 900 });
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
        // The same screen at each width: grids hide and show columns as the window changes.
        for (const width of DESK_WIDTHS) {
          if (width !== DESK_WIDTHS[0]) await page.setViewportSize({ width, height: 900 });
          await page.waitForLoadState('networkidle');
          found[`${path} at ${width} px`] = await violations(page);
        }
      }
      expect(found).toEqual(
        Object.fromEntries(pages.flatMap((p) => DESK_WIDTHS.map((w) => [`${p} at ${w} px`, []]))),
      );
      await context.close();
      // One sign-in, then every console page at each width in turn: the time grows with the checks (an axe run
      // takes seconds on a busy machine), not one page's 60 s.
    },
    (CONSOLE_PAGES.length + 2) * DESK_WIDTHS.length * 25_000,
  );
});

/** A user's details and a support message (one is sent first, so the inbox is never empty). */
async function detailPages(token: string): Promise<string[]> {
  const form = new FormData();
  form.set('name', 'Ada Reader');
  form.set('email', 'ada.reader@example.com');
  form.set('message', 'My saved posts no longer show in the library since yesterday.');
  form.set('type', 'support');
  expect((await fetch(`${baseURL()}/api/contact`, { method: 'POST', body: form })).status).toBe(200);
  const auth = { headers: { Authorization: `Bearer ${token}` } };
  const first = async (path: string) => {
    const body = (await (await fetch(`${baseURL()}/api/admin/${path}?perPage=1`, auth)).json()) as unknown;
    const list = (Array.isArray(body) ? body : Object.values(body as object).find(Array.isArray)) as {
      id?: string;
      _id?: string;
    }[];
    return list[0].id ?? list[0]._id;
  };
  return [`/admin/users/${await first('users')}/show`, `/admin/messages/${await first('messages')}/show`];
}
