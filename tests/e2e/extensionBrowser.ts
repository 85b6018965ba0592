import { chromium, type BrowserContext, type Page, type Worker } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEST_EXTENSION_DIR } from '../fixtures/extensionId';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../fixtures/localServer';
import { baseURL, extensionId } from './browser';

/** What the test extension keeps in chrome.storage.local. */
export interface ExtensionState {
  received?: { action: string; timestamp: number | null; origin: string | null }[];
  session?: { token: string; apiUrl: string; authenticatedAt: number };
}

/** The part of the extension API the tests use inside the extension's own pages and worker. */
interface ExtensionGlobals {
  chrome: { storage: { local: { get(keys: null): Promise<object>; clear(): Promise<void> } } };
}

export interface ExtensionBrowser {
  context: BrowserContext;
  worker: Worker;
  /** The extension's storage, read inside its service worker. */
  state(): Promise<ExtensionState>;
  /** Empties the extension's storage and closes its pages, so each test starts from a fresh install. */
  reset(): Promise<void>;
  dashboardUrl: string;
  close(): Promise<void>;
}

/**
 * Chromium with the test extension loaded. Extensions need a persistent profile; the new headless mode runs
 * them, so the old `--headless` flag gives way to `--headless=new` (Playwright adds its own unless headless is
 * off in its options).
 */
export async function launchWithExtension(): Promise<ExtensionBrowser> {
  const profile = mkdtempSync(join(tmpdir(), 'postkeeper-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: false,
    baseURL: baseURL(),
    viewport: { width: 1280, height: 900 },
    args: [
      '--headless=new',
      ...CHROMIUM_ARGS.filter((arg) => arg !== '--headless'),
      `--disable-extensions-except=${TEST_EXTENSION_DIR}`,
      `--load-extension=${TEST_EXTENSION_DIR}`,
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
        (globalThis as unknown as ExtensionGlobals).chrome.storage.local.get(null),
      ) as Promise<ExtensionState>,
    async reset() {
      await worker.evaluate(() => (globalThis as unknown as ExtensionGlobals).chrome.storage.local.clear());
      for (const page of context.pages()) if (page.url().startsWith(origin)) await page.close();
    },
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Waits for the extension to open a tab on its dashboard, while `action` runs. */
export async function dashboardOpenedBy(
  ext: ExtensionBrowser,
  action: () => Promise<unknown>,
): Promise<Page> {
  // A tab that chrome.tabs.create opens may show up before it has its address: take the new page, then wait.
  const [dashboard] = await Promise.all([ext.context.waitForEvent('page', { timeout: 15_000 }), action()]);
  await dashboard.waitForURL(ext.dashboardUrl);
  return dashboard;
}
