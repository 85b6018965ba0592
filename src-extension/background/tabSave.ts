import type { ExtractedPost } from '../shared/extractedPost';
import type { ContentRequest, SaveState } from '../shared/messages';
import { linkPost } from './platformOfUrl';
import { save } from './saving';
import { validPost } from './validPost';
import type { WorkerContext } from './workerContext';

/** A browser tab as the worker sees it (chrome.tabs.Tab's few fields it reads). */
export interface TabInfo {
  id?: number;
  url?: string;
  title?: string;
}

/** What the worker can do with a tab; serviceWorker.ts does it with chrome.tabs, chrome.scripting and chrome.action. */
export interface TabAccess {
  /** The focused window's active tab. */
  activeTab(): Promise<TabInfo | undefined>;
  /** Asks the tab's content script; undefined when the tab has none (any site but the five). */
  ask(tabId: number, request: ContentRequest): Promise<unknown>;
  /**
   * Runs the metadata reader (content/platforms/metadata.ts) in the tab, which activeTab allows after the user's
   * click on the popup or the menu; undefined when the page cannot be scripted (the browser's own pages, the store).
   */
  readMetadata(tabId: number): Promise<unknown>;
  /** Shows a save's outcome on the toolbar button, for that tab. */
  showOutcome(tabId: number, state: SaveState): Promise<void>;
}

export const NOTHING_TO_SAVE = 'This page cannot be saved.';

/**
 * The post a tab shows, for the popup's "Save this post" and the context menu: the content script's reading when
 * the tab has one (the post of the link right-clicked, or the page's post); a right-clicked link saved as itself;
 * the page's metadata (Open Graph, JSON-LD, oEmbed, title), read in the tab; at least the tab's address and title.
 */
export async function postInTab(
  tabs: TabAccess,
  tab: TabInfo,
  linkUrl?: string,
): Promise<ExtractedPost | null> {
  if (tab.id !== undefined) {
    const request: ContentRequest = linkUrl ? { type: 'currentPost', linkUrl } : { type: 'currentPost' };
    const read = validPost(await tabs.ask(tab.id, request).catch(() => undefined));
    if (read) return read;
  }
  const link = linkUrl && validPost(linkPost(linkUrl));
  if (link) return link;
  if (tab.id !== undefined) {
    const read = validPost(await tabs.readMetadata(tab.id).catch(() => undefined));
    if (read) return read;
  }
  return tab.url ? validPost(linkPost(tab.url, tab.title)) : null;
}

/** Saves what a tab shows and tells the tab: its Save control (if any) and the toolbar button follow. */
export async function saveFromTab(
  ctx: WorkerContext,
  tabs: TabAccess,
  tab: TabInfo | undefined,
  linkUrl?: string,
): Promise<SaveState> {
  const post = tab ? await postInTab(tabs, tab, linkUrl) : null;
  if (!post) return { state: 'error', url: tab?.url ?? '', message: NOTHING_TO_SAVE };
  const state = await save(ctx, post);
  if (tab?.id !== undefined) {
    await tabs.ask(tab.id, { type: 'saveStateChanged', state }).catch(() => undefined);
    await tabs.showOutcome(tab.id, state).catch(() => undefined);
  }
  return state;
}
