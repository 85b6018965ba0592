import { newestPosts, openLocalStore, type LocalDb } from '../../background/localStore';
import { askWorker } from '../../shared/askWorker';
import { newestFirst, toLibraryPost } from '../../shared/libraryPost';
import type { LibrarySource } from './librarySource';

let opened: Promise<LocalDb> | null = null;
const db = () => (opened ??= openLocalStore());

/**
 * The real source: the page reads the worker's IndexedDB copy itself (the same extension origin), since handing
 * 10,000 posts over a runtime message costs several times as long (docs/extension.md, the library page); every
 * change and API call still goes through the worker, which holds the session.
 */
export const chromeSource: LibrarySource = {
  async readPosts() {
    const records = await (await db()).getAll('posts');
    return records.map(toLibraryPost).sort(newestFirst);
  },
  async readNewest(count) {
    return (await newestPosts(await db(), count)).map(toLibraryPost);
  },
  ask: askWorker,
  onSessionChange(callback) {
    // Only the session's key: a sync writes other keys.
    const listener = (changes: Record<string, unknown>, area: string) => {
      if (area === 'local' && 'session' in changes) callback();
    };
    chrome.storage.onChanged.addListener(listener);
    return () => chrome.storage.onChanged.removeListener(listener);
  },
  now: () => Date.now(),
};
