import { API_URL, isWebAppOrigin, WEB_URL } from './buildConfig';
import { localCategory } from './localCategory';
import { startWorker } from './startWorker';

/**
 * The extension's service worker (Manifest V3, an ES module). Chrome evaluates this file at each start of the
 * worker; everything it must remember between starts is in chrome.storage and IndexedDB (startWorker.ts).
 */

startWorker(chrome, {
  config: { webUrl: WEB_URL, apiUrl: API_URL, isWebAppOrigin },
  fetch: (input, init) => fetch(input, init),
  now: () => Date.now(),
  localCategory,
  schedule: (fn, ms) => void setTimeout(fn, ms),
  onOnline: (callback) => addEventListener('online', callback),
});
