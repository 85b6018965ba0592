import type { SaveState } from '../shared/messages';
import { onMenuClick, SAVE_MENU_ITEM } from './contextMenu';
import { handleExternal } from './external';
import { PAGE_METADATA_SCRIPT, PAGE_READER_GLOBAL } from './pageScript';
import { drain } from './queue';
import { handleRequest } from './router';
import { quietly } from './apiClient';
import { syncIfStale } from './sync';
import type { TabAccess, TabInfo } from './tabSave';
import { createWorkerContext, type KeyValueArea, type WorkerContext, type WorkerDeps } from './workerContext';

type Listener<A extends unknown[], R = void> = { addListener(callback: (...args: A) => R): void };
type MessageListener = Listener<
  [message: unknown, sender: { id?: string; origin?: string }, sendResponse: (answer: unknown) => void],
  boolean | void
>;

/** The part of Chrome's extension API the worker uses: the edge, so the rest runs in Node with a small fake. */
export interface WorkerChrome {
  runtime: {
    id: string;
    getURL(path: string): string;
    onMessage: MessageListener;
    onMessageExternal: MessageListener;
    onInstalled: Listener<[]>;
    onStartup: Listener<[]>;
  };
  storage: {
    local: KeyValueArea & { setAccessLevel?(options: { accessLevel: 'TRUSTED_CONTEXTS' }): Promise<void> };
  };
  tabs: {
    create(properties: { url: string }): Promise<unknown>;
    query(query: { active: boolean; lastFocusedWindow: boolean }): Promise<TabInfo[]>;
    sendMessage(tabId: number, message: unknown): Promise<unknown>;
  };
  contextMenus?: {
    create(properties: { id: string; title: string; contexts: ['page', 'link'] }): unknown;
    removeAll(): Promise<void>;
    onClicked: Listener<[info: { menuItemId: string | number; linkUrl?: string }, tab?: TabInfo]>;
  };
  scripting?: {
    executeScript(injection: {
      target: { tabId: number };
      files?: string[];
      func?: (name: string) => unknown;
      args?: string[];
    }): Promise<{ result?: unknown }[]>;
  };
  action?: {
    setBadgeText(details: { tabId: number; text: string }): Promise<void>;
    setBadgeBackgroundColor(details: { tabId: number; color: string }): Promise<void>;
    setTitle(details: { tabId: number; title: string }): Promise<void>;
  };
}

export type StartOptions = Omit<WorkerDeps, 'storage' | 'openExtensionPage'> & {
  /** Calls back when the browser is online again (the worker global's `online` event). */
  onOnline(callback: () => void): void;
};

/**
 * Wires Chrome's events to the worker's logic, and sends what waits. Runs at each start of the worker (Chrome
 * starts it for any of these events and stops it when idle), so all it keeps is in chrome.storage and IndexedDB.
 */
export function startWorker(chrome: WorkerChrome, options: StartOptions): WorkerContext {
  const { onOnline, ...deps } = options;
  const ctx = createWorkerContext({
    ...deps,
    storage: chrome.storage.local,
    openExtensionPage: async (path) => void (await chrome.tabs.create({ url: chrome.runtime.getURL(path) })),
  });
  const tabs = tabAccess(chrome);

  // Content scripts talk to the worker only by messages: chrome.storage (which holds the token) is closed to them.
  // (Chrome closes storage.local to them where it can; where it cannot, this is refused and nothing else changes.)
  try {
    void chrome.storage.local.setAccessLevel?.({ accessLevel: 'TRUSTED_CONTEXTS' })?.catch(() => undefined);
  } catch {
    // an older Chrome: storage.local stays readable by content scripts, which never look at it
  }

  chrome.runtime.onMessage.addListener((message, sender, sendResponse) => {
    // Only the extension's own parts: content scripts, the popup and the library page.
    if (sender.id !== chrome.runtime.id) return false;
    answer(handleRequest(ctx, tabs, message), sendResponse);
    return true;
  });
  chrome.runtime.onMessageExternal.addListener((message, sender, sendResponse) => {
    answer(handleExternal(ctx, message, sender.origin), sendResponse);
    return true;
  });
  chrome.runtime.onInstalled.addListener(() => {
    // Menu items outlive the worker; made again on install and update, never twice.
    void chrome.contextMenus
      ?.removeAll()
      .then(() => chrome.contextMenus?.create({ ...SAVE_MENU_ITEM, contexts: ['page', 'link'] }));
  });
  chrome.contextMenus?.onClicked.addListener((info, tab) =>
    ctx.background(onMenuClick(ctx, tabs, info, tab)),
  );
  // Waking up (a browser start, any event that starts the worker, the network back): send what waits now, without
  // the wait between tries (a drain stops at its first failure, so a start costs at most one failed request), and
  // bring the copy up to date.
  const wake = () => ctx.background(quietly(drain(ctx, { force: true }).then(() => syncIfStale(ctx))));
  // Listening makes Chrome start the worker when the browser starts; the start itself (below) sends.
  chrome.runtime.onStartup.addListener(() => undefined);
  onOnline(wake);
  wake();
  return ctx;
}

/** Sends the answer when it is ready; an unexpected failure answers an error instead of leaving the caller waiting. */
function answer(task: Promise<unknown>, sendResponse: (answer: unknown) => void): void {
  task.then(sendResponse, (err: unknown) => {
    console.error('Postkeeper could not answer a message', err);
    sendResponse({ state: 'error', url: '', message: 'Something went wrong. Please try again.' });
  });
}

const BADGES: Record<SaveState['state'], { text: string; color: string }> = {
  saved: { text: '✓', color: '#1b7f3b' },
  pending: { text: '…', color: '#6b7280' },
  quota: { text: '!', color: '#b42318' },
  error: { text: '!', color: '#b42318' },
};

function tabAccess(chrome: WorkerChrome): TabAccess {
  return {
    async activeTab() {
      const [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
      return tab;
    },
    ask: (tabId, request) => chrome.tabs.sendMessage(tabId, request),
    async readMetadata(tabId) {
      if (!chrome.scripting) return undefined;
      await chrome.scripting.executeScript({ target: { tabId }, files: [PAGE_METADATA_SCRIPT] });
      const [frame] = await chrome.scripting.executeScript({
        target: { tabId },
        func: (name: string) =>
          (globalThis as unknown as Record<string, (() => unknown) | undefined>)[name]?.(),
        args: [PAGE_READER_GLOBAL],
      });
      return frame?.result;
    },
    async showOutcome(tabId, state) {
      if (!chrome.action) return;
      const badge = BADGES[state.state];
      await chrome.action.setBadgeText({ tabId, text: badge.text });
      await chrome.action.setBadgeBackgroundColor({ tabId, color: badge.color });
      if (state.state === 'quota' || state.state === 'error')
        await chrome.action.setTitle({ tabId, title: state.message });
    },
  };
}
