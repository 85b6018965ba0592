// `npm run bench:admin`: the console at 100,000 users, in Chromium. Prints the figures (no pass/fail); with
// `-- --scale <database URL>`, the console's API at a million users instead (tests/bench/adminScale.ts):
//   - opening Users after sign-in: API requests made and the time until the grid shows rows, the median of five opens
//     in fresh browser contexts, each printed (targets ≤ 3, ≤ 800 ms), beside a bare react-admin <List><Datagrid> on
//     the same data opened the same way (tests/bench/bareAdminList.ts), so the ratio of the two is the figure;
//   - sorting and paging in the grid: time from click to rows;
//   - exporting 10,000 suspicious users to CSV in the browser.
// It builds the app, seeds the large database (`npm run seed:large`) into a scratch folder and runs the real server.
// When this build has no admin API or no large seed, it serves the same console against an in-page fake of the admin
// API with 100,000 users, and says so.
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page, type Route } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, ROOT, startAppServer } from '../fixtures/localServer';
import { buildClient, isMain, median, printTable, type FigureRow } from './figures';
import { buildBareAdminList, openBareUsers } from './bareAdminList';
import { runAdminScale } from './adminScale';

const ADMIN = { email: 'admin@example.com', password: 'admin-demo-1' };
const USERS = 100_000;
const EXPORT_ROWS = 10_000;

async function login(url: string): Promise<string | null> {
  try {
    const res = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const token = ((await res.json()) as { token?: string }).token;
    if (!token) return null;
    const overview = await fetch(`${url}/api/admin/overview`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    return overview.ok ? token : null;
  } catch {
    return null;
  }
}

/** A user row as the admin API sends it, generated from its index. */
function fakeUser(i: number) {
  return {
    _id: `u${i}`,
    email: `user${String(i).padStart(6, '0')}@example.com`,
    name: `User ${i}`,
    displayName: `User ${i}`,
    plan: i % 5 ? 'free' : 'premium',
    subscriptionStatus: i % 5 ? null : 'active',
    role: 'user',
    emailVerified: true,
    adsDisabled: i % 7 === 0,
    storageUsed: (i % 1000) * 1048576,
    storageLimit: 1073741824,
    createdAt: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString(),
    flaggedForAbuse: i % 97 === 0,
    lastFlaggedReason: null,
    flaggedAt: null,
    tokens30d: (i * 7919) % 500_000,
  };
}

function fakeSuspicious(n: number) {
  return Array.from({ length: n }, (_, i) => ({
    _id: `s${i}`,
    email: i % 500 === 0 ? `=formula${i}@example.com` : `heavy${i}@example.com`,
    displayName: `Heavy, "${i}"`,
    name: `Heavy ${i}`,
    plan: 'free',
    tokensUsed30d: 2_000_000 + i,
    storageUsedMB: 5000 + i / 10,
    estimatedCost: 5 + i / 1000,
    flaggedForAbuse: i % 3 === 0,
    suspiciousReasons: ['High token usage', 'Large storage'],
  }));
}

const STATS = {
  totalUsers: EXPORT_ROWS,
  flaggedUsers: 3334,
  averageEstimatedCost: 10,
  totalEstimatedCost: 100000,
  thresholds: { TOKENS_30D: 2_000_000, STORAGE_GB: 5, COST_DOLLAR: 5 },
};

/**
 * The page a list request asks for: simple-rest's `range=[from,to]` and `sort=[field,order]`, as the console sends
 * them, or `page`/`perPage`/`order`.
 */
function pageOf(url: URL, perDefault: number): { start: number; per: number; desc: boolean } {
  const range = url.searchParams.get('range');
  const sort = url.searchParams.get('sort');
  const desc =
    (sort?.startsWith('[') ? (JSON.parse(sort) as string[])[1] : url.searchParams.get('order')) === 'DESC';
  if (range) {
    const [from, to] = JSON.parse(range) as [number, number];
    return { start: from, per: to - from + 1, desc };
  }
  const per = Number(url.searchParams.get('perPage') ?? perDefault);
  return { start: (Number(url.searchParams.get('page') ?? 1) - 1) * per, per, desc };
}

/** The in-page fake admin API: pages, sorts by email or createdAt, and sends X-Total-Count like ours. */
async function installFakeApi(page: Page, suspiciousOnly = false): Promise<void> {
  const suspicious = fakeSuspicious(EXPORT_ROWS);
  await page.route('**/api/**', async (route: Route) => {
    const url = new URL(route.request().url());
    const json = (body: unknown, headers: Record<string, string> = {}) =>
      route.fulfill({ status: 200, contentType: 'application/json', headers, body: JSON.stringify(body) });
    if (url.pathname === '/api/admin/users/suspicious') {
      const { start, per } = pageOf(url, suspicious.length);
      const rows = suspicious.slice(start, start + per);
      const total = { 'X-Total-Count': String(suspicious.length) };
      // As the server: simple-rest's list call (range) gets the rows, the spec's call the rows and statistics.
      if (url.searchParams.has('range')) return json(rows, total);
      return json({ users: rows, statistics: STATS }, total);
    }
    if (url.pathname === '/api/admin/cost-analysis/summary')
      return json({
        tokens: { total: 1, cost: 1 },
        storage: { totalGB: 1, cost: 1 },
        total: { estimatedCost: 2 },
      });
    if (suspiciousOnly) return route.continue();
    if (url.pathname === '/api/auth/me')
      return json({ ...fakeUser(0), _id: 'admin', email: ADMIN.email, role: 'admin' });
    if (url.pathname === '/api/admin/users') {
      const { start, per, desc } = pageOf(url, 25);
      const idx = Array.from({ length: per }, (_, k) => (desc ? USERS - 1 - (start + k) : start + k)).filter(
        (i) => i >= 0 && i < USERS,
      );
      return json(idx.map(fakeUser), { 'X-Total-Count': String(USERS) });
    }
    return json({});
  });
}

async function firstRowText(page: Page): Promise<string> {
  return (await page.locator('.MuiDataGrid-row [data-field="email"]').first().textContent()) ?? '';
}

interface AdminFigures {
  openMs: number;
  bareOpenMs: number;
  openRequests: number;
  sortMs: number;
  nextPageMs: number;
  exportMs: number;
  exportRows: number;
}

/** Opens Users in `page` (signed in with `token`): the ms until the grid shows rows, and the API paths it asked. */
async function openUsers(
  page: Page,
  base: string,
  token: string,
  fake: boolean,
): Promise<{ ms: number; calls: string[] }> {
  if (fake) await installFakeApi(page);
  else await installFakeApi(page, true);
  await page.goto(`${base}/`);
  await page.evaluate((t) => localStorage.setItem('authToken', t), token);
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/')) calls.push(new URL(r.url()).pathname);
  });
  const t0 = Date.now();
  await page.goto(`${base}/admin/users`);
  await page.locator('.MuiDataGrid-row').first().waitFor();
  const ms = Date.now() - t0;
  await page.waitForLoadState('networkidle');
  // Copied now: sorting, paging and the export make requests of their own afterwards.
  return { ms, calls: [...calls] };
}

/** How many times Users is opened, each in a fresh browser context; the figure is their median. */
const OPENS = 5;

async function measure(
  newPage: () => Promise<Page>,
  base: string,
  token: string,
  fake: boolean,
  bare: Awaited<ReturnType<typeof buildBareAdminList>>,
): Promise<AdminFigures> {
  const opens: number[] = [];
  let openRequests = 0;
  let page: Page | undefined;
  for (let i = 0; i < OPENS; i++) {
    await page?.context().close();
    page = await newPage();
    const opened = await openUsers(page, base, token, fake);
    opens.push(opened.ms);
    // The figure is the most any open asked for.
    openRequests = Math.max(openRequests, opened.calls.length);
    console.log(
      `Open Users after sign-in: rows after ${opened.ms} ms, API requests: ${opened.calls.join(', ')}`,
    );
  }
  if (!page) throw new Error('Users was never opened');
  const open = median(opens);
  console.log(
    `Open Users: median ${open} ms (target ≤ 800), at most ${openRequests} API requests (target ≤ 3)`,
  );

  // The bare react-admin list, opened as often, on the same data and in the same run.
  const bareOpens: number[] = [];
  for (let i = 0; i < OPENS; i++) {
    const barePage = await newPage();
    if (fake) await installFakeApi(barePage);
    await bare.serve(barePage);
    bareOpens.push(await openBareUsers(barePage, base, token));
    await barePage.context().close();
  }
  const bareOpen = median(bareOpens);
  console.log(
    `Bare react-admin list of users: rows after ${bareOpens.join(', ')} ms, median ${bareOpen} ms; ratio ${(open / bareOpen).toFixed(2)}`,
  );

  const before = await firstRowText(page);
  let t = Date.now();
  await page
    .locator('.MuiDataGrid-columnHeader[data-field="email"] .MuiDataGrid-columnHeaderTitleContainer')
    .click();
  await page.waitForFunction(
    (prev) => document.querySelector('.MuiDataGrid-row [data-field="email"]')?.textContent !== prev,
    before,
  );
  const sortMs = Date.now() - t;
  console.log(`Sort by email: rows after ${sortMs} ms`);

  const sorted = await firstRowText(page);
  t = Date.now();
  await page.getByRole('button', { name: 'Go to next page' }).click();
  await page.waitForFunction(
    (prev) => document.querySelector('.MuiDataGrid-row [data-field="email"]')?.textContent !== prev,
    sorted,
  );
  const nextPageMs = Date.now() - t;
  console.log(`Next page: rows after ${nextPageMs} ms`);

  await page.goto(`${base}/admin/suspicious`);
  await page.locator('.MuiDataGrid-row').first().waitFor();
  const download = page.waitForEvent('download', { timeout: 120_000 });
  t = Date.now();
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  const took = Date.now() - t;
  const { readFileSync } = await import('node:fs');
  const lines =
    readFileSync((await file.path())!, 'utf8')
      .trim()
      .split('\r\n').length - 1;
  console.log(
    `Export ${lines.toLocaleString('en-US')} suspicious users to CSV: ${took} ms (${file.suggestedFilename()})`,
  );
  return {
    openMs: open,
    bareOpenMs: bareOpen,
    openRequests,
    sortMs,
    nextPageMs,
    exportMs: took,
    exportRows: lines,
  };
}

/** Builds the app (unless `prebuilt` holds a build), seeds 100k users, and returns the console's figures. */
export async function runAdminBench(prebuilt?: string): Promise<FigureRow[]> {
  const work = mkdtempSync(join(tmpdir(), 'postkeeper-bench-admin-'));
  const clientDir = prebuilt ?? join(work, 'client');
  const dataDir = join(work, 'data');
  mkdirSync(dataDir);
  try {
    if (!prebuilt) buildClient(clientDir);
    console.log('building the bare react-admin list…');
    const bare = await buildBareAdminList();
    let seeded = false;
    if (existsSync(join(ROOT, 'src-server', 'seed', 'large.ts'))) {
      console.log(`seeding ${USERS.toLocaleString('en-US')} users…`);
      try {
        execSync(`npm run seed:large -- --users ${USERS}`, {
          cwd: ROOT,
          stdio: 'ignore',
          env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'production' },
        });
        seeded = true;
      } catch {
        console.log('the large seed failed; using the in-page fake admin API');
      }
    }
    const server = await startAppServer(clientDir, dataDir, 180_000);
    try {
      const token = seeded ? await login(server.url) : null;
      const fake = !token;
      console.log(
        fake
          ? `\nMode: console against an in-page fake admin API (${USERS.toLocaleString('en-US')} users, server-side paging)`
          : '\nMode: real server, large database',
      );
      console.log(
        `Export always uses ${EXPORT_ROWS.toLocaleString('en-US')} suspicious users served by the in-page fake, so the figure is the browser's work.\n`,
      );
      const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
      try {
        const newPage = async () =>
          (
            await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true })
          ).newPage();
        const f = await measure(newPage, server.url, token ?? 'bench-token', fake, bare);
        const group = `Console at ${USERS.toLocaleString('en-US')} users${fake ? ' (in-page fake API)' : ''}`;
        return [
          { group, name: 'open Users: API requests', value: String(f.openRequests), target: '≤ 3' },
          {
            group,
            name: `open Users: rows shown (ms, median of ${OPENS} fresh contexts)`,
            value: String(f.openMs),
            target: '≤ 800',
            baseline: `${f.bareOpenMs} bare react-admin <List><Datagrid>`,
          },
          {
            group,
            name: 'open Users: rows shown, ratio to the bare react-admin list',
            value: (f.openMs / f.bareOpenMs).toFixed(2),
          },
          { group, name: 'sort by email (ms)', value: String(f.sortMs) },
          { group, name: 'next page (ms)', value: String(f.nextPageMs) },
          {
            group,
            name: `CSV export of ${f.exportRows.toLocaleString('en-US')} rows (ms)`,
            value: String(f.exportMs),
          },
        ];
      } finally {
        await browser.close();
      }
    } finally {
      server.stop();
      bare.remove();
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) {
  // `-- --scale <database URL>`: the console's API figures at a million users instead (tests/bench/adminScale.ts).
  const scale = process.argv.indexOf('--scale');
  (scale > 0 ? runAdminScale(process.argv[scale + 1] ?? '') : runAdminBench())
    .then((rows) => printTable(rows))
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
