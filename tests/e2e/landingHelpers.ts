import type { Page } from 'playwright-core';
import { snap } from './browser';

/** Scrolls through the page so lazy images load, then saves a full-page screenshot. */
export async function snapWholePage(page: Page, name: string): Promise<string> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 500) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 30));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle');
  return snap(page, name);
}

/** True when the page is wider than the viewport (a horizontal scroll bar). */
export function hasHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}
