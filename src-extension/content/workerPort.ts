import { PRODUCT_NAME } from '../../src/config';
import type { ExtractedPost } from '../shared/extractedPost';
import type { RemoveAnswer, SavedStateAnswer, SaveState, WorkerRequest } from '../shared/messages';

/**
 * What the content script asks of the service worker. The worker holds the session and makes every API call;
 * a content script only sends what it read from the page and shows the answer.
 */
export interface WorkerPort {
  save(post: ExtractedPost): Promise<SaveState>;
  savedState(urls: string[]): Promise<SavedStateAnswer>;
  /** Resolves when removed; rejects with the message to show when not. */
  remove(url: string): Promise<void>;
}

/** Shown when the worker cannot be reached: after the extension is updated or reloaded, this page's script is cut off. */
export const WORKER_GONE_TEXT = `${PRODUCT_NAME} was updated or restarted. Reload the page to save again.`;
export const REMOVE_FAILED_TEXT = 'Could not remove this post. Please try again.';

type Send = (request: WorkerRequest) => Promise<unknown>;

/** The worker through chrome.runtime messages; `send` is replaceable so tests and the bench can stand in for it. */
export function workerPort(send: Send = chromeSend): WorkerPort {
  return {
    async save(post) {
      const answer = (await send({ type: 'save', post })) as SaveState | undefined;
      if (!answer?.state) throw new Error(WORKER_GONE_TEXT);
      return answer;
    },
    async savedState(urls) {
      const answer = (await send({ type: 'savedState', urls })) as SavedStateAnswer | undefined;
      return { saved: answer?.saved ?? [], pending: answer?.pending ?? [] };
    },
    async remove(url) {
      const answer = (await send({ type: 'remove', url })) as RemoveAnswer | undefined;
      if (!answer?.state) throw new Error(WORKER_GONE_TEXT);
      if (answer.state === 'error') throw new Error(answer.message || REMOVE_FAILED_TEXT);
    },
  };
}

async function chromeSend(request: WorkerRequest): Promise<unknown> {
  try {
    return await chrome.runtime.sendMessage(request);
  } catch {
    // "Extension context invalidated" or "Receiving end does not exist": no worker answers this page.
    throw new Error(WORKER_GONE_TEXT);
  }
}
