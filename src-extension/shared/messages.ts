import type { LibraryFacets, LibraryStats } from '../../src/contract/library';
import type { ExtractedPost } from './extractedPost';

/**
 * Messages inside the extension (content scripts, popup and library → the service worker, with
 * chrome.runtime.sendMessage). The worker answers every request; the token never appears in a message, so a
 * content script never holds it.
 */
export type WorkerRequest =
  /** Save a post read from the page (a Save control, the popup or the context menu). */
  | { type: 'save'; post: ExtractedPost }
  /** Which of these permalinks are saved already (locally or in the account), so controls show "Saved". */
  | { type: 'savedState'; urls: string[] }
  /** Remove a saved post by its permalink. */
  | { type: 'remove'; url: string }
  /** The popup's and library's view of the account. */
  | { type: 'status' }
  /** The popup's "Save this post": save what the active tab shows (its post, or the page as a link). */
  | { type: 'saveActiveTab' }
  /**
   * The library page's list (answer: LibraryAnswer): the local copy's posts, newest saved first. Signed in, the
   * worker brings the local copy up to date from the account first when the API answers, so a post saved
   * elsewhere shows; offline, the local copy as it is.
   */
  | { type: 'library' }
  /**
   * The library page (it reads the local copy itself, libraryStore.ts): bring the copy up to date from the account
   * (answer: SyncAnswer). Signed out, nothing to do.
   */
  | { type: 'syncLibrary' }
  /** Signed in: the account's counts over the whole library (answer: FacetsAnswer); null when signed out/offline. */
  | { type: 'libraryFacets'; filters: LibraryFilters }
  /** Signed in: the account's analytics series (answer: StatsAnswer); null when signed out/offline. */
  | { type: 'libraryStats'; filters: LibraryFilters }
  /** New tags for a saved post (answer: LibraryChangeAnswer): in the account when it has it, and here. */
  | { type: 'updateTags'; url: string; tags: string[] }
  /** Delete these saved posts (answer: LibraryChangeAnswer): from the account when signed in, and here. */
  | { type: 'deletePosts'; urls: string[] }
  /** Delete every saved post (answer: LibraryChangeAnswer), after the page's confirmation. */
  | { type: 'deleteAll' }
  /** Pro: one of the AI gateway's library tasks (answer: AiTaskAnswer). */
  | { type: 'aiTask'; task: 'search' | 'recommendations' | 'analytics'; query?: string };

/** Where one save stands, as the control shows it. */
export type SaveState =
  /** In the account (signed in) or in this browser's library (signed out). */
  | { state: 'saved'; url: string; postId?: string }
  /** Waiting for the network or the API; sent later, also after a browser restart. */
  | { state: 'pending'; url: string }
  /** Past the plan's storage limit (413): the message names the limit; the link opens the web app's /upgrade. */
  | { state: 'quota'; url: string; message: string; upgradeUrl: string }
  /** Anything else the user must know. */
  | { state: 'error'; url: string; message: string };

/** The answer to `remove`: gone from the account (signed in) or from this browser (signed out), or why not. */
export type RemoveAnswer =
  | { state: 'removed'; url: string }
  | { state: 'error'; url: string; message: string };

/**
 * Messages from the service worker to a tab's content script (chrome.tabs.sendMessage), for the popup's "Save this
 * post" and the context menu. A tab without a content script (any site but the five) gets none: the worker reads
 * its metadata instead.
 */
export type ContentRequest =
  /**
   * The post the page shows, answered with an ExtractedPost or null: the post whose permalink is `linkUrl` (a
   * link the context menu was opened on) or that holds that link; else the page's own post (a post's page, or
   * the post most in view); else the page as a link from its metadata.
   */
  | { type: 'currentPost'; linkUrl?: string }
  /** A save from the popup or the context menu ended this way: a control showing that post follows it. */
  | { type: 'saveStateChanged'; state: SaveState };

export interface SavedStateAnswer {
  saved: string[];
  pending: string[];
}

export interface StatusAnswer {
  signedIn: boolean;
  /** The account, when signed in and the API answered. */
  account?: {
    email: string;
    plan: 'free' | 'premium';
    storageUsed: number;
    storageLimit: number;
    /** A Free account whose ads an operator has not turned off (the library's house ad). */
    showAds?: boolean;
    /** Pro and not flagged: the AI tasks beyond categorization. */
    aiEnabled?: boolean;
  };
  /** Signed in, but the API did not answer just now: the library is read-only from the local copy. */
  offline?: boolean;
  /** Saves kept in this browser only (signed out) and saves waiting to be sent. */
  localCount: number;
  pendingCount: number;
  /** The web app's origin (shown in the popup, so a development build says which server it talks to). */
  webUrl: string;
  apiUrl: string;
}

/** One saved post as the library lists it. */
export interface LibraryPost {
  url: string;
  platform: ExtractedPost['platform'] | 'web';
  /** The author's display name ('' when none). */
  author: string;
  authorHandle: string;
  /** A link's (or a Reddit post's) title; '' when none. */
  title: string;
  text: string;
  postedAt: string | null;
  /** When it was saved (ISO 8601): the list's order. */
  savedAt: string;
  /** saved: in the account (signed in) or kept in this browser (signed out); pending: waiting to be sent. */
  state: 'saved' | 'pending';
  tags: string[];
  category: string | null;
  /** The account's id, once it has the post. */
  postId?: string | null;
  /** The pictures' original addresses, as read from the page ([] for a post saved elsewhere). */
  images?: string[];
}

/** The library's filters, as the address and the server's query name them (src/contract/library.ts). */
export interface LibraryFilters {
  q?: string;
  tags: string[];
  platforms: string[];
  category?: string;
}

// The server's shapes (src/contract/library.ts): type-only, so no page bundles zod.
export type { FacetCount, LibraryFacets as Facets, LibraryStats } from '../../src/contract/library';

export interface SyncAnswer {
  /** False when the account could not be reached: the page shows the copy as it is, read-only. */
  online: boolean;
}

/** Server figures, or null: signed out or offline, so the page counts its local copy. */
export type FacetsAnswer = { facets: LibraryFacets | null };
export type StatsAnswer = { stats: LibraryStats | null };

/** A change to the library: done, or why not (the message is shown as it is). */
export type LibraryChangeAnswer = { ok: true; storageUsed?: number } | { ok: false; message: string };

/** An AI task's result, or why there is none (the page falls back to plain results). */
export type AiTaskAnswer =
  | { ok: true; result: Record<string, unknown> }
  | { ok: false; message: string; upgrade?: boolean };

export interface LibraryAnswer {
  /** Newest saved first. */
  posts: LibraryPost[];
}

/** Messages from the web app (chrome.runtime.onMessageExternal), accepted only from the web app's origins. */
export type ExternalMessage =
  | { action: 'openDashboard'; timestamp: number; session?: { token: string; apiUrl?: string } }
  | { action: 'LOGOUT'; timestamp: number };
