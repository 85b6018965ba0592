import { chromium, type BrowserContext, type Page, type Worker } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../fixtures/localServer';
import { baseURL, extensionId } from './browser';

/** What the extension keeps in chrome.storage.local that the tests look at: the session the web app handed over. */
export interface ExtensionState {
  session?: { token: string; apiUrl: string; authenticatedAt: number };
  [key: string]: unknown;
}

/** The part of the extension API the tests use inside the extension's service worker. */
interface WorkerGlobals {
  chrome: { storage: { local: { get(keys: null): Promise<object>; clear(): Promise<void> } } };
  indexedDB: IDBFactory;
}

export interface ExtensionBrowser {
  context: BrowserContext;
  worker: Worker;
  /** The extension's storage, read inside its service worker. */
  state(): Promise<ExtensionState>;
  /**
   * Empties the extension's storage and its local library (IndexedDB) and closes its pages, so each test starts
   * from a fresh install.
   */
  reset(): Promise<void>;
  dashboardUrl: string;
  close(): Promise<void>;
}

/** The extension `npm run build` wrote for this run (tests/e2e/globalSetup.ts). */
export const builtExtensionDir = () => inject('extensionDir');

/**
 * Chromium with the built extension loaded (dist/extension, or the run's own EXTENSION_DIR). Extensions need a
 * persistent profile; the new headless mode runs them, so the old `--headless` flag gives way to
 * `--headless=new` (Playwright adds its own unless headless is off in its options). `args` adds Chromium
 * switches, e.g. host resolver rules for the platforms' stand-ins.
 */
export async function launchWithExtension({ args = [] as string[] } = {}): Promise<ExtensionBrowser> {
  const dir = builtExtensionDir();
  const profile = mkdtempSync(join(tmpdir(), 'postkeeper-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: false,
    baseURL: baseURL(),
    viewport: { width: 1280, height: 900 },
    args: [
      '--headless=new',
      ...CHROMIUM_ARGS.filter((arg) => arg !== '--headless'),
      `--disable-extensions-except=${dir}`,
      `--load-extension=${dir}`,
      ...args,
    ],
  });
  const origin = `chrome-extension://${extensionId()}/`;
  const ours = (w: Worker) => w.url().startsWith(origin);
  const worker =
    context.serviceWorkers().find(ours) ??
    (await context.waitForEvent('serviceworker', { predicate: ours, timeout: 30_000 }));
  return {
    context,
    worker,
    dashboardUrl: `${origin}dashboard.html`,
    state: () =>
      worker.evaluate(() =>
        (globalThis as unknown as WorkerGlobals).chrome.storage.local.get(null),
      ) as Promise<ExtensionState>,
    async reset() {
      for (const page of context.pages()) if (page.url().startsWith(origin)) await page.close();
      await worker.evaluate(async () => {
        const g = globalThis as unknown as WorkerGlobals;
        await g.chrome.storage.local.clear();
        // Every store of every database emptied in place: the worker may hold its connection open, which
        // would keep a deleteDatabase waiting.
        for (const { name } of await g.indexedDB.databases()) {
          if (!name) continue;
          const db = await new Promise<IDBDatabase>((resolve, reject) => {
            const open = g.indexedDB.open(name);
            open.onsuccess = () => resolve(open.result);
            open.onerror = () => reject(open.error);
          });
          const stores = [...db.objectStoreNames];
          if (stores.length)
            await new Promise<void>((resolve, reject) => {
              const tx = db.transaction(stores, 'readwrite');
              for (const store of stores) tx.objectStore(store).clear();
              tx.oncomplete = () => resolve();
              tx.onerror = () => reject(tx.error);
            });
          db.close();
        }
      });
    },
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Waits for the extension to open a tab on its library page (dashboard.html), while `action` runs. */
export async function dashboardOpenedBy(
  ext: ExtensionBrowser,
  action: () => Promise<unknown>,
): Promise<Page> {
  // A tab that chrome.tabs.create opens may show up before it has its address: take the new page, then wait.
  const [dashboard] = await Promise.all([ext.context.waitForEvent('page', { timeout: 15_000 }), action()]);
  await dashboard.waitForURL(ext.dashboardUrl);
  return dashboard;
}
