import type {
  AiTaskAnswer,
  FacetsAnswer,
  LibraryAnswer,
  LibraryChangeAnswer,
  SaveState,
  StatsAnswer,
  StatusAnswer,
  SyncAnswer,
  WorkerRequest,
} from './messages';

/** What the worker answers to each request the extension's pages send. */
export interface PageAnswers {
  status: StatusAnswer;
  saveActiveTab: SaveState;
  library: LibraryAnswer;
  syncLibrary: SyncAnswer;
  libraryFacets: FacetsAnswer;
  libraryStats: StatsAnswer;
  updateTags: LibraryChangeAnswer;
  deletePosts: LibraryChangeAnswer;
  deleteAll: LibraryChangeAnswer;
  aiTask: AiTaskAnswer;
}

export type PageRequest = Extract<WorkerRequest, { type: keyof PageAnswers }>;

/** askWorker's shape, so a page can be handed a fake one (the library page's component tests). */
export type AskWorker = <R extends PageRequest>(request: R) => Promise<PageAnswers[R['type']]>;

/**
 * Asks the service worker (the popup and the library page talk to it only by messages: it holds the session and
 * makes every API call). Rejects when no answer comes back, e.g. while the extension is being reloaded.
 */
export const askWorker: AskWorker = async (request) => {
  const answer = (await chrome.runtime.sendMessage(request)) as unknown;
  if (answer === undefined || answer === null)
    throw new Error('The extension did not answer. Please try again.');
  return answer as never;
};
