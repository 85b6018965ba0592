import type { ContentRequest } from '../shared/messages';
import type { PageContext } from '../shared/extractedPost';
import { currentPost, RIGHT_CLICK_MEMORY_MS } from './currentPost';
import type { PlatformReader } from './platformReader';
import { observeTimeline } from './timelineObserver';
import { workerPort } from './workerPort';

const STARTED = Symbol.for('postkeeper.contentScript');

/**
 * What each platform's entry script runs: Save controls on the page's posts, and answers to the service worker
 * about this tab (its current post; a save made from the popup or the context menu). Runs once per page, even if
 * the script is injected twice.
 */
export function startContentScript(reader: PlatformReader): void {
  const scope = globalThis as { [STARTED]?: boolean };
  if (scope[STARTED]) return;
  scope[STARTED] = true;
  const page = (): PageContext => ({ location: new URL(location.href), document });
  const timeline = observeTimeline({ reader, worker: workerPort(), page });

  let rightClick: { target: Node | null; at: number } = { target: null, at: 0 };
  // Capture phase: the site (and the Save control) may stop the event before it bubbles.
  document.addEventListener(
    'contextmenu',
    (e) => (rightClick = { target: e.target as Node | null, at: Date.now() }),
    true,
  );
  chrome.runtime.onMessage.addListener((message: ContentRequest, _sender, sendResponse) => {
    if (message?.type === 'currentPost') {
      const recent = Date.now() - rightClick.at < RIGHT_CLICK_MEMORY_MS;
      sendResponse(
        currentPost(reader, page(), { linkUrl: message.linkUrl, clicked: recent ? rightClick.target : null }),
      );
    } else if (message?.type === 'saveStateChanged') timeline.follow(message.state);
    return false;
  });
}
