import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { JSDOM } from 'jsdom';
import type { PageContext } from '../../../src-extension/shared/extractedPost';
import { PLATFORM_PAGES, PLATFORM_PAGES_DIR } from '../../fixtures/platforms/pages';

/**
 * A platform's stand-in page in jsdom, at the address the browser tests serve it under (PLATFORM_PAGES), so an
 * extractor sees the same page and address here as in Chromium. `runScripts` runs the page's own inline scripts
 * (a "…more" that expands in place).
 */
export function loadPlatformPage(file: string, { runScripts = false } = {}): PageContext {
  const entry = PLATFORM_PAGES.find((p) => p.file === file);
  if (!entry) throw new Error(`${file} is not listed in PLATFORM_PAGES`);
  const url = `https://${entry.host}${entry.path}`;
  const html = readFileSync(join(PLATFORM_PAGES_DIR, file), 'utf8');
  const dom = new JSDOM(html, { url, runScripts: runScripts ? 'dangerously' : undefined });
  return { location: new URL(url), document: dom.window.document };
}
