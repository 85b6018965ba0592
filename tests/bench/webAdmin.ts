// The signed-in console half of `npm run bench:web`: first-screen JavaScript of /admin/users and Lighthouse on every
// console page as the demo operator, desktop beside mobile (tests/bench/consolePages.ts). Each figure becomes a table
// row beside its target; mobile speed is information only.
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../fixtures/localServer';
import { CONSOLE_TARGETS, consolePages, lighthouseConsolePages } from './consolePages';
import type { FigureRow } from './figures';
import { openingWork } from './openingWork';

export const ADMIN_TARGETS = { firstScreenKb: 300 };
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
  console.log('\nrunning Lighthouse on every console page (desktop and mobile, light and dark)…');
  const { scores, benchmarkIndex } = await lighthouseConsolePages(
    base,
    token,
    await consolePages(base, token),
  );
  // Lighthouse's own measure of this machine's speed: its blocking time is the machine's task times × 4 (mobile).
  row(
    { name: 'Lighthouse benchmark index of this machine', value: String(Math.round(benchmarkIndex)) },
    true,
  );
  const n = (x: number) => x.toFixed(2);
  for (const s of scores) {
    const page = s.path.replace(/\/[0-9a-f-]{36}\//, '/:id/');
    row(
      {
        name: `Lighthouse ${page} desktop performance, TBT ms`,
        value: `${n(s.performance.desktop)}, ${Math.round(s.tbtMs.desktop)}`,
        target: `≥ ${CONSOLE_TARGETS.performance}, ≤ ${CONSOLE_TARGETS.tbtMs}`,
      },
      s.performance.desktop >= CONSOLE_TARGETS.performance && s.tbtMs.desktop <= CONSOLE_TARGETS.tbtMs,
    );
    const a11y = Object.values(s.accessibility);
    row(
      {
        name: `Lighthouse ${page} accessibility desktop light/dark, mobile light/dark`,
        value: `${n(s.accessibility['desktop light'])}/${n(s.accessibility['desktop dark'])}, ${n(s.accessibility['mobile light'])}/${n(s.accessibility['mobile dark'])}`,
        target: String(CONSOLE_TARGETS.accessibility),
      },
      a11y.every((x) => x >= CONSOLE_TARGETS.accessibility),
    );
    // Mobile speed is information: react-admin's shell alone spends the mobile blocking-time budget.
    row(
      {
        name: `Lighthouse ${page} mobile performance, TBT ms`,
        value: `${n(s.performance.mobile)}, ${Math.round(s.tbtMs.mobile)}`,
      },
      true,
    );
  }
}
