// `npm run bench:web`: builds the app, compares the gzipped JavaScript that `/` loads with a bare React + router
// entry built by the same Vite config, runs Lighthouse (mobile) on `/`, `/dashboard/login`, `/admin/users` and
// `/admin`, and checks in Chromium's network log that no console library is requested on the public pages.
// Prints every figure.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Response } from 'playwright-core';
import { build } from 'vite';
import { adminLibrariesIn } from './webMarkers';
import { CHROMIUM_ARGS, CHROMIUM_PATH, ROOT, startAppServer } from '../fixtures/localServer';
import { adminFigures } from './webAdmin';
import { buildClient, isMain, LIGHTHOUSE_RUN, printTable, type FigureRow } from './figures';

const TARGETS = { ratio: 1.15, landingPerformance: 0.95, accessibility: 1 };
const gz = (buf: Buffer) => gzipSync(buf).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;

/** A bare React + react-router page, built with the project's own Vite config and plugins. */
async function bareEntryGzip(): Promise<number> {
  const dir = mkdtempSync(join(ROOT, 'node_modules', '.bench-web-'));
  try {
    writeFileSync(
      join(dir, 'index.html'),
      '<!doctype html><html><body><div id="root"></div><script type="module" src="./main.ts"></script></body></html>',
    );
    writeFileSync(
      join(dir, 'main.ts'),
      [
        "import { StrictMode, createElement } from 'react';",
        "import { createRoot } from 'react-dom/client';",
        "import { createBrowserRouter, RouterProvider } from 'react-router-dom';",
        "const router = createBrowserRouter([{ path: '/', element: createElement('h1', null, 'Hello') }]);",
        "createRoot(document.getElementById('root')!).render(createElement(StrictMode, null, createElement(RouterProvider, { router })));",
      ].join('\n'),
    );
    const out = join(dir, 'out');
    await build({
      configFile: join(ROOT, 'vite.config.ts'),
      root: dir,
      publicDir: false,
      logLevel: 'warn',
      build: { outDir: out, emptyOutDir: true },
    });
    const assets = join(out, 'assets');
    return readdirSync(assets)
      .filter((f) => f.endsWith('.js'))
      .reduce((sum, f) => sum + gz(readFileSync(join(assets, f))), 0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** JavaScript each page requests (from Chromium's network log), with the console libraries found in it. */
async function scriptsLoaded(
  base: string,
  paths: string[],
): Promise<Map<string, { url: string; gzip: number; libs: string[] }[]>> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const result = new Map<string, { url: string; gzip: number; libs: string[] }[]>();
  try {
    for (const path of paths) {
      const context = await browser.newContext();
      const page = await context.newPage();
      type Script = { url: string; gzip: number; libs: string[] };
      const scripts: Promise<Script | null>[] = [];
      // A lazy chunk can still arrive after network idle; its body is gone once the context closes, so it is skipped
      // rather than left as an unhandled rejection.
      const onResponse = (res: Response) => {
        if (res.request().resourceType() !== 'script') return;
        scripts.push(
          res.body().then(
            (body) => ({
              url: res.url(),
              gzip: gz(body),
              libs: adminLibrariesIn(res.url(), body.toString('utf8')),
            }),
            () => null,
          ),
        );
      };
      page.on('response', onResponse);
      await page.goto(base + path, { waitUntil: 'networkidle' });
      page.off('response', onResponse);
      result.set(
        path,
        (await Promise.all(scripts)).filter((s): s is Script => s !== null),
      );
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return result;
}

async function lighthouseScores(url: string): Promise<{ performance: number; accessibility: number }> {
  const { default: lighthouse } = await import('lighthouse');
  const { launch } = await import('chrome-launcher');
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      ...LIGHTHOUSE_RUN,
    });
    const cats = result!.lhr.categories;
    const metric = (id: string) => result!.lhr.audits[id]?.displayValue ?? 'n/a';
    console.log(
      `  ${new URL(url).pathname}: FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, Speed Index ${metric('speed-index')}`,
    );
    for (const id of [
      'uses-text-compression',
      'render-blocking-resources',
      'unused-javascript',
      'largest-contentful-paint-element',
    ]) {
      const a = result!.lhr.audits[id];
      if (a && a.score !== null && a.score < 0.9)
        console.log(`  hint: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`);
    }
    for (const [id, audit] of Object.entries(result!.lhr.audits)) {
      if (
        audit.score !== null &&
        audit.score < 1 &&
        cats.accessibility.auditRefs.some((r) => r.id === id && r.weight > 0)
      ) {
        console.log(`  accessibility audit failing on ${url}: ${id} (${audit.title})`);
      }
    }
    return { performance: cats.performance.score ?? 0, accessibility: cats.accessibility.score ?? 0 };
  } finally {
    chrome.kill();
  }
}

const score = (n: number) => n.toFixed(2);

/**
 * Builds the app (unless `clientDir` holds a build), measures the script weight of `/` against the bare entry,
 * checks no console library loads on the public pages, and runs Lighthouse on the public pages and, signed in,
 * on the console. Returns the figures as table rows.
 */
export async function runWebBench(prebuilt?: string): Promise<{ rows: FigureRow[]; failed: boolean }> {
  const work = mkdtempSync(join(tmpdir(), 'postkeeper-bench-web-'));
  const clientDir = prebuilt ?? join(work, 'client');
  const dataDir = join(work, 'data');
  mkdirSync(dataDir);
  const rows: FigureRow[] = [];
  let failed = false;
  const row = (r: Omit<FigureRow, 'group'>, ok = true) => {
    rows.push({ group: 'Web', ...r, value: `${r.value}${ok ? '' : ' ✗'}` });
    if (!ok) failed = true;
  };
  try {
    if (!prebuilt) buildClient(clientDir);
    console.log('building the bare React + router entry…');
    const bare = await bareEntryGzip();
    // As long as bench:admin waits: a fresh database's migrations and demo seed take minutes on a busy machine.
    const server = await startAppServer(clientDir, dataDir, 180_000);
    try {
      const loaded = await scriptsLoaded(server.url, ['/', '/dashboard/login']);
      const landing = loaded.get('/')!.reduce((sum, f) => sum + f.gzip, 0);
      console.log(`\nJavaScript loaded by / (gzip): ${kb(landing)} in ${loaded.get('/')!.length} files`);
      for (const f of loaded.get('/')!)
        console.log(`  ${kb(f.gzip).padStart(9)}  ${new URL(f.url).pathname}`);
      const ratio = landing / bare;
      row(
        {
          name: '/ JavaScript, gzip (ratio to bare)',
          value: `${kb(landing)} (${ratio.toFixed(3)})`,
          target: `ratio ≤ ${TARGETS.ratio}`,
          baseline: `${kb(bare)} bare React + router entry`,
        },
        ratio <= TARGETS.ratio,
      );
      for (const [path, files] of loaded) {
        const libs = files.flatMap((f) => f.libs);
        row(
          {
            name: `console libraries requested on ${path}`,
            value: libs.join(', ') || 'none',
            target: 'none',
          },
          !libs.length,
        );
      }
      console.log('\nrunning Lighthouse (mobile)…');
      for (const path of ['/', '/dashboard/login']) {
        const lh = await lighthouseScores(`${server.url}${path}`);
        const publicPage = !path.startsWith('/admin');
        row(
          {
            name: `Lighthouse ${path} performance`,
            value: score(lh.performance),
            target: path === '/' ? `≥ ${TARGETS.landingPerformance}` : undefined,
          },
          path !== '/' || lh.performance >= TARGETS.landingPerformance,
        );
        row(
          {
            name: `Lighthouse ${path} accessibility`,
            value: score(lh.accessibility),
            target: publicPage ? `${TARGETS.accessibility}` : undefined,
          },
          !publicPage || lh.accessibility >= TARGETS.accessibility,
        );
      }
      // The console, signed in as the demo operator: first-screen weight, Lighthouse and blocking time.
      await adminFigures(server.url, row, bare);
    } finally {
      server.stop();
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return { rows, failed };
}

if (isMain(import.meta.url)) {
  runWebBench()
    .then(({ rows, failed }) => {
      printTable(rows);
      process.exit(failed ? 1 : 0);
    })
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
