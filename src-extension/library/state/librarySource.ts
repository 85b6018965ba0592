import type { AskWorker } from '../../shared/askWorker';
import type { LibraryPost } from '../../shared/messages';

/**
 * Where the library page gets its data: the local copy (read directly, newest first) and the service worker
 * (every API call, every change). The page is handed one, so its component tests give it a fake.
 */
export interface LibrarySource {
  readPosts(): Promise<LibraryPost[]>;
  /** The newest `count` posts only: the first cards, before the whole copy is read. */
  readNewest?(count: number): Promise<LibraryPost[]>;
  ask: AskWorker;
  /** Calls back when the session changes (a sign-in or sign-out on the web app); answers how to stop. */
  onSessionChange(callback: () => void): () => void;
  now(): number;
}
