// `npm run screenshots`: the landing's pictures of the product, taken from the product. Builds the app when dist/
// is older than its sources, runs the server on a throwaway database with a Pro account holding the showcase
// library (tests/fixtures/showcaseLibrary.ts, the browser tests' library), loads the built extension in Chromium,
// signs in through the web app's hand-off and captures three views of the library page at 2x. Each is written as
// WebP in two widths for the landing's srcset (src-site/public/screens/<name>-<width>.webp). docs/extension.md,
// "Screenshots for the landing page".
import { execSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { UNPACKED_EXTENSION_ID } from '../../src-extension/build/extensionId';
import { startLibraryServer } from '../fixtures/libraryServer';
import { CHROMIUM_ARGS, CHROMIUM_PATH, ROOT } from '../fixtures/localServer';
import { makePro, seedShowcaseLibrary } from '../fixtures/showcaseLibrary';
import { encodeWebp, webpSize } from './encodeWebp';

/** The views captured, by the landing's file names (src-site/landing/sections/Screenshots.tsx). */
const SCREENS = [
  { name: 'saved-posts-dashboard', hash: '#/', ready: 'Pricing pages that convert' },
  { name: 'smart-tag-filtering', hash: '#/?tag=growth', ready: '9 of 40 saved posts' },
  { name: 'content-analytics', hash: '#/analytics', ready: 'Saves per week' },
] as const;
/** The page's size in CSS pixels (16:10, the landing's frame); captured at twice that. */
const VIEWPORT = { width: 1280, height: 800 };
/** Widths written, with the WebP quality of each (the small one is what phones load first). */
const WIDTHS = [
  { width: 640, quality: 0.8 },
  { width: 1280, quality: 0.78 },
];
const OUT = join(ROOT, 'src-site', 'public', 'screens');

/** The newest modification time under `dir` (ms). */
function newest(dir: string): number {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return t;
}

/** The built web app and extension (CLIENT_DIR and EXTENSION_DIR as for the build), built again when stale. */
function freshBuild(): { clientDir: string; extensionDir: string } {
  const clientDir = resolve(process.env.CLIENT_DIR?.trim() || join(ROOT, 'dist', 'client'));
  const extensionDir = resolve(process.env.EXTENSION_DIR?.trim() || join(ROOT, 'dist', 'extension'));
  const marker = join(extensionDir, 'dashboard.html');
  const sources = Math.max(...['src', 'src-site', 'src-extension'].map((d) => newest(join(ROOT, d))));
  if (
    !existsSync(join(clientDir, 'index.html')) ||
    !existsSync(marker) ||
    statSync(marker).mtimeMs < sources
  ) {
    console.log('dist/ is older than the sources: building…');
    // A development build of the extension, as `npm start` makes: it takes the session from a web app on
    // localhost at any port, here the throwaway server's.
    execSync('npm run build', {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production', EXTENSION_MODE: 'development' },
    });
  }
  return { clientDir, extensionDir };
}

/** Chromium with the extension loaded (a persistent profile, as extensions need), drawing at 2x. */
async function browserWithExtension(extensionDir: string, profile: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: false,
    viewport: VIEWPORT,
    deviceScaleFactor: 2,
    colorScheme: 'light',
    args: [
      '--headless=new',
      ...CHROMIUM_ARGS.filter((arg) => arg !== '--headless'),
      '--hide-scrollbars',
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
    ],
  });
}

/** Signs in on the web app; its hand-off gives the extension the session and opens the library. */
async function signInThroughWebApp(context: BrowserContext, url: string, email: string, password: string) {
  const web = await context.newPage();
  await web.goto(`${url}/dashboard/login`);
  await web.getByLabel('Email').fill(email);
  await web.getByLabel('Password').fill(password);
  const [library] = await Promise.all([
    context.waitForEvent('page', { timeout: 30_000 }),
    web.getByRole('button', { name: 'Sign In' }).click(),
  ]);
  await library.waitForURL(`chrome-extension://${UNPACKED_EXTENSION_ID}/dashboard.html`);
  await library.getByRole('status').getByText('40 saved posts', { exact: true }).waitFor();
  await web.close();
  return library;
}

/** Shows one view, waits until it is drawn, and captures the viewport (2x) as PNG. */
async function capture(page: Page, hash: string, ready: string): Promise<Buffer> {
  await page.evaluate((h) => (location.hash = h), hash);
  await page.getByText(ready).first().waitFor();
  // Charts draw after their container is measured; fonts and pictures settle; no caret, no focus ring.
  await page.waitForTimeout(800);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  return page.screenshot({ type: 'png', animations: 'disabled', caret: 'hide' });
}

async function main() {
  const { clientDir, extensionDir } = freshBuild();
  const server = await startLibraryServer(clientDir);
  const profile = mkdtempSync(join(tmpdir(), 'postkeeper-screens-'));
  const context = await browserWithExtension(extensionDir, profile);
  try {
    const user = await server.register('Alex Morgan', 'alex.morgan@example.com');
    await makePro(server.db, user.id);
    await seedShowcaseLibrary(server.db, user.id);
    const library = await signInThroughWebApp(context, server.url, user.email, user.password);
    const encoder = await context.newPage();
    const rows: string[] = [];
    for (const screen of SCREENS) {
      const png = await capture(library, screen.hash, screen.ready);
      for (const { width, quality } of WIDTHS) {
        const webp = await encodeWebp(encoder, png, width, quality);
        const file = `${screen.name}-${width}.webp`;
        writeFileSync(join(OUT, file), webp);
        const size = webpSize(webp);
        rows.push(`${file}  ${size.width}x${size.height}  ${(webp.length / 1024).toFixed(1)} KB`);
      }
    }
    console.log(`Written to src-site/public/screens/:\n  ${rows.join('\n  ')}`);
  } finally {
    await context.close();
    await server.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

await main();
