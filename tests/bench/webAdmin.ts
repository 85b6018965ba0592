// The signed-in console half of `npm run bench:web`: first-screen JavaScript of /admin/users and Lighthouse (mobile)
// on /admin/users and /admin as the demo operator. Prints each figure beside its target.
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../fixtures/localServer';

export const ADMIN_TARGETS = { performance: 0.9, accessibility: 1, tbtMs: 200, firstScreenKb: 300 };
const ADMIN = { email: 'admin@example.com', password: 'admin-demo-1' };

async function adminToken(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const token = ((await res.json()) as { token?: string }).token;
  if (!token) throw new Error(`the demo admin cannot sign in (${res.status})`);
  return token;
}

/** Gzipped JavaScript a signed-in operator's browser loads to show the first rows of `path`. */
async function firstScreenGzip(base: string, path: string, token: string): Promise<number> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext();
    await context.addInitScript((t) => localStorage.setItem('authToken', t), token);
    const page = await context.newPage();
    const sizes: Promise<number>[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script')
        sizes.push(
          res.body().then(
            (b) => gzipSync(b).length,
            () => 0,
          ),
        );
    });
    await page.goto(base + path);
    await page.locator('.MuiDataGrid-row').first().waitFor({ timeout: 60_000 });
    return (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
  } finally {
    await browser.close();
  }
}

/** Lighthouse (mobile) with the operator's token already stored, which Lighthouse is told to keep. */
async function signedInLighthouse(url: string, token: string) {
  const { default: lighthouse } = await import('lighthouse');
  const { launch } = await import('chrome-launcher');
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS });
  try {
    const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const page = await cdp.contexts()[0].newPage();
    await page.goto(new URL('/', url).href);
    await page.evaluate((t) => localStorage.setItem('authToken', t), token);
    await page.close();
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      formFactor: 'mobile',
      disableStorageReset: true,
    });
    const lhr = result!.lhr;
    for (const [id, audit] of Object.entries(lhr.audits))
      if (
        audit.score !== null &&
        audit.score < 1 &&
        lhr.categories.accessibility.auditRefs.some((r) => r.id === id && r.weight > 0)
      )
        console.log(`  accessibility audit failing on ${url}: ${id} (${audit.title})`);
    return {
      performance: lhr.categories.performance.score ?? 0,
      accessibility: lhr.categories.accessibility.score ?? 0,
      tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
    };
  } finally {
    chrome.kill();
  }
}

/** Runs the console figures; `check` prints PASS/FAIL with the figure and its target. */
export async function adminFigures(base: string, check: (ok: boolean, line: string) => void): Promise<void> {
  const token = await adminToken(base);
  const kb = (await firstScreenGzip(base, '/admin/users', token)) / 1024;
  check(
    kb <= ADMIN_TARGETS.firstScreenKb,
    `console first-screen JavaScript /admin/users ${kb.toFixed(1)} kB gzip (target <= ${ADMIN_TARGETS.firstScreenKb})`,
  );
  console.log('\nrunning Lighthouse (mobile, signed in as the demo operator)…');
  for (const path of ['/admin/users', '/admin']) {
    const s = await signedInLighthouse(base + path, token);
    check(
      s.performance >= ADMIN_TARGETS.performance,
      `${path} performance ${s.performance.toFixed(2)} (target >= ${ADMIN_TARGETS.performance})`,
    );
    check(
      s.accessibility >= ADMIN_TARGETS.accessibility,
      `${path} accessibility ${s.accessibility.toFixed(2)} (target ${ADMIN_TARGETS.accessibility})`,
    );
    check(
      s.tbtMs <= ADMIN_TARGETS.tbtMs,
      `${path} total blocking time ${Math.round(s.tbtMs)} ms (target <= ${ADMIN_TARGETS.tbtMs})`,
    );
  }
}
