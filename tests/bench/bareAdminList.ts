// The baseline of `npm run bench:admin`'s first-rows figure: a bare react-admin app, one <List><Datagrid> of users over
// ra-data-simple-rest against the same server and data, built here with the project's Vite config into a temp folder
// and served to the page under /bare-admin/ by Playwright. What it costs to show the first rows is then react-admin's
// own, and the console's figure divided by it says what the console adds.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { Page } from 'playwright-core';
import { build } from 'vite';
import { ROOT } from '../fixtures/localServer';

export const BARE_BASE = '/bare-admin';

const MAIN = `
import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';
import { Admin, Resource, List, Datagrid, TextField, DateField, fetchUtils } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';

// The operator's session, as the console keeps it; the server's rows carry _id where react-admin wants id.
const httpClient = (url, options = {}) =>
  fetchUtils.fetchJson(url, { ...options, user: { authenticated: true, token: 'Bearer ' + localStorage.getItem('authToken') } });
const rest = simpleRestProvider('/api/admin', httpClient, 'X-Total-Count');
const dataProvider = {
  ...rest,
  getList: (resource, params) =>
    rest.getList(resource, params).then((r) => ({ ...r, data: r.data.map((u) => ({ id: u._id, ...u })) })),
};

const UserList = () =>
  h(List, { sort: { field: 'createdAt', order: 'DESC' }, perPage: 25 },
    h(Datagrid, { bulkActionButtons: false },
      h(TextField, { source: 'email' }),
      h(TextField, { source: 'displayName' }),
      h(TextField, { source: 'plan' }),
      h(DateField, { source: 'createdAt' })));

createRoot(document.getElementById('root')).render(
  h(Admin, { dataProvider, disableTelemetry: true },
    h(Resource, { name: 'users', list: UserList })));
`;

/** Builds the bare app into a temp folder; `serve` answers /bare-admin/ from it; `remove` deletes it. */
export async function buildBareAdminList(): Promise<{
  serve: (page: Page) => Promise<void>;
  remove: () => void;
}> {
  // Inside the project, so that its node_modules resolve react-admin and the data provider.
  const dir = mkdtempSync(join(ROOT, 'node_modules', '.bench-bare-admin-'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><title>Bare react-admin</title></head><body><div id="root"></div><script type="module" src="./main.js"></script></body></html>',
  );
  writeFileSync(join(dir, 'main.js'), MAIN);
  const out = join(dir, 'out');
  await build({
    configFile: join(ROOT, 'vite.config.ts'),
    root: dir,
    base: `${BARE_BASE}/`,
    publicDir: false,
    logLevel: 'warn',
    // Chromium needs no modulepreload polyfill, and Vite cannot resolve its own from a root under node_modules.
    build: { outDir: out, emptyOutDir: true, modulePreload: { polyfill: false } },
  });
  const types: Record<string, string> = {
    '.js': 'text/javascript',
    '.css': 'text/css',
    '.html': 'text/html',
  };
  return {
    async serve(page) {
      await page.route(`**${BARE_BASE}/**`, (route) => {
        const path = new URL(route.request().url()).pathname.slice(BARE_BASE.length);
        const file = extname(path) ? join(out, path) : join(out, 'index.html');
        return route.fulfill({
          status: 200,
          contentType: types[extname(file)] ?? 'application/octet-stream',
          body: readFileSync(file),
        });
      });
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Opens the bare list in `page` (its routes already set) signed in with `token`: the ms until its first rows. */
export async function openBareUsers(page: Page, base: string, token: string): Promise<number> {
  await page.goto(`${base}/`);
  await page.evaluate((t) => localStorage.setItem('authToken', t), token);
  const failures: string[] = [];
  page.on('pageerror', (e) => failures.push(e.message));
  page.on('response', (r) => {
    if (r.status() >= 400) failures.push(`${r.status()} ${r.url()}`);
  });
  const t0 = Date.now();
  // react-admin's own router is a hash router.
  await page.goto(`${base}${BARE_BASE}/#/users`);
  try {
    await page.locator('.RaDatagrid-row').first().waitFor({ timeout: 60_000 });
  } catch (err) {
    const shown = (await page.locator('body').innerText()).slice(0, 300);
    throw new Error(`the bare list showed no rows: ${failures.join('; ') || 'no error'}; page: ${shown}`, {
      cause: err,
    });
  }
  return Date.now() - t0;
}
