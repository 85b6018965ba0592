// The signed-in console half of `npm run bench:web`: first-screen JavaScript of /admin/users and Lighthouse (mobile)
// on /admin/users and /admin as the demo operator. Each figure becomes a table row beside its target.
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../fixtures/localServer';
import { LIGHTHOUSE_RUN, type FigureRow } from './figures';
import { openingWork } from './openingWork';

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

/** Gzipped JavaScript a signed-in operator's browser loads to show the first rows of `path`, file by file. */
async function firstScreenScripts(
  base: string,
  path: string,
  token: string,
): Promise<{ url: string; gzip: number }[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext();
    await context.addInitScript((t) => localStorage.setItem('authToken', t), token);
    const page = await context.newPage();
    const sizes: Promise<{ url: string; gzip: number }>[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script')
        sizes.push(
          res.body().then(
            (b) => ({ url: res.url(), gzip: gzipSync(b).length }),
            () => ({ url: res.url(), gzip: 0 }),
          ),
        );
    });
    await page.goto(base + path);
    await page.locator('.MuiDataGrid-row').first().waitFor({ timeout: 60_000 });
    return Promise.all(sizes);
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
      ...LIGHTHOUSE_RUN,
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
      benchmarkIndex: lhr.environment.benchmarkIndex,
    };
  } finally {
    chrome.kill();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/**
 * Runs the console figures and hands each to `row` with its target and whether it is met; `bareGzip` (the bare
 * React + router entry measured in the same run) is the first-screen figure's baseline.
 */
export async function adminFigures(
  base: string,
  row: (figure: Omit<FigureRow, 'group'>, ok: boolean) => void,
  bareGzip?: number,
): Promise<void> {
  const token = await adminToken(base);
  const files = await firstScreenScripts(base, '/admin/users', token);
  const total = files.reduce((sum, f) => sum + f.gzip, 0);
  console.log(
    `\nJavaScript loaded by /admin/users until its first rows (gzip): ${kb(total)} in ${files.length} files`,
  );
  for (const f of [...files].sort((a, b) => b.gzip - a.gzip))
    console.log(`  ${kb(f.gzip).padStart(9)}  ${new URL(f.url).pathname}`);
  row(
    {
      name: 'console first-screen JavaScript /admin/users, gzip',
      value: kb(total),
      target: `≤ ${ADMIN_TARGETS.firstScreenKb} kB`,
      baseline: bareGzip === undefined ? undefined : `${kb(bareGzip)} bare React + router entry`,
    },
    total / 1024 <= ADMIN_TARGETS.firstScreenKb,
  );
  console.log('\nopening /admin/users five times at a phone’s viewport, without CPU slowdown…');
  const work = await openingWork(base, '/admin/users', token, '.MuiDataGrid-row');
  row(
    {
      name: 'opening /admin/users: React components rendered (median of 5)',
      value: `${work.components} in ${work.commits} commits`,
    },
    true,
  );
  row(
    {
      name: 'opening /admin/users: blocking time without CPU slowdown (ms, median of 5)',
      value: `${Math.round(work.blockingMs)} (long tasks ${Math.round(work.longTaskMs)})`,
    },
    true,
  );
  console.log('\nrunning Lighthouse (mobile, signed in as the demo operator)…');
  for (const path of ['/admin/users', '/admin']) {
    const s = await signedInLighthouse(base + path, token);
    // Lighthouse's own measure of this machine's speed: its blocking time is the machine's task times × 4.
    if (path === '/admin/users')
      row(
        { name: 'Lighthouse benchmark index of this machine', value: String(Math.round(s.benchmarkIndex)) },
        true,
      );
    row(
      {
        name: `Lighthouse ${path} performance (signed in)`,
        value: s.performance.toFixed(2),
        target: `≥ ${ADMIN_TARGETS.performance}`,
      },
      s.performance >= ADMIN_TARGETS.performance,
    );
    row(
      {
        name: `Lighthouse ${path} accessibility (signed in)`,
        value: s.accessibility.toFixed(2),
        target: `${ADMIN_TARGETS.accessibility}`,
      },
      s.accessibility >= ADMIN_TARGETS.accessibility,
    );
    row(
      {
        name: `Lighthouse ${path} total blocking time (ms)`,
        value: String(Math.round(s.tbtMs)),
        target: `≤ ${ADMIN_TARGETS.tbtMs}`,
      },
      s.tbtMs <= ADMIN_TARGETS.tbtMs,
    );
  }
}
