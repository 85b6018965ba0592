import type { LibraryAnswer, SaveState, StatusAnswer, WorkerRequest } from './messages';

/** What the worker answers to each request the extension's pages send. */
interface PageAnswers {
  status: StatusAnswer;
  saveActiveTab: SaveState;
  library: LibraryAnswer;
}

export type PageRequest = Extract<WorkerRequest, { type: keyof PageAnswers }>;

/**
 * Asks the service worker (the popup and the library page talk to it only by messages: it holds the session and
 * makes every API call). Rejects when no answer comes back, e.g. while the extension is being reloaded.
 */
export async function askWorker<R extends PageRequest>(request: R): Promise<PageAnswers[R['type']]> {
  const answer = (await chrome.runtime.sendMessage(request)) as PageAnswers[R['type']] | undefined;
  if (answer === undefined || answer === null)
    throw new Error('The extension did not answer. Please try again.');
  return answer;
}
