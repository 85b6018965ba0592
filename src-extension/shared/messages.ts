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
  | { type: 'library' };

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
  };
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
}

export interface LibraryAnswer {
  /** Newest saved first. */
  posts: LibraryPost[];
}

/** Messages from the web app (chrome.runtime.onMessageExternal), accepted only from the web app's origins. */
export type ExternalMessage =
  | { action: 'openDashboard'; timestamp: number; session?: { token: string; apiUrl?: string } }
  | { action: 'LOGOUT'; timestamp: number };
