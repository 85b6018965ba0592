import type { WorkerRequest } from '../shared/messages';
import { library } from './library';
import {
  aiTask,
  deleteAll,
  deletePosts,
  libraryFacets,
  libraryStats,
  normaliseTags,
  syncLibrary,
  updateTags,
  validFilters,
} from './libraryActions';
import { remove, save, savedState } from './saving';
import { status } from './status';
import { saveFromTab, type TabAccess } from './tabSave';
import { validPost } from './validPost';
import type { WorkerContext } from './workerContext';

/** The most permalinks one savedState may ask about (a long timeline asks in batches). */
const MAX_URLS = 500;

/**
 * Answers a message from the extension's own parts (content scripts, the popup, the library page):
 * WorkerRequest in src-extension/shared/messages.ts. Anything malformed gets an error, never a throw.
 */
export async function handleRequest(ctx: WorkerContext, tabs: TabAccess, message: unknown): Promise<unknown> {
  const request = (message ?? {}) as Partial<WorkerRequest> & Record<string, unknown>;
  switch (request.type) {
    case 'save': {
      const post = validPost(request.post);
      if (!post) return { state: 'error', url: '', message: 'This post could not be read from the page.' };
      return save(ctx, post);
    }
    case 'savedState': {
      const urls = Array.isArray(request.urls) ? request.urls.filter((u) => typeof u === 'string') : [];
      return savedState(ctx, urls.slice(0, MAX_URLS));
    }
    case 'remove':
      return typeof request.url === 'string'
        ? remove(ctx, request.url)
        : { state: 'error', url: '', message: 'Which post to remove was not said.' };
    case 'status':
      return status(ctx);
    case 'saveActiveTab':
      return saveFromTab(ctx, tabs, await tabs.activeTab());
    case 'library':
      return library(ctx);
    case 'syncLibrary':
      return syncLibrary(ctx);
    case 'libraryFacets':
      return libraryFacets(ctx, validFilters(request.filters));
    case 'libraryStats':
      return libraryStats(ctx, validFilters(request.filters));
    case 'updateTags':
      return typeof request.url === 'string'
        ? updateTags(ctx, request.url, normaliseTags(request.tags))
        : { ok: false, message: 'Which post to tag was not said.' };
    case 'deletePosts':
      return deletePosts(
        ctx,
        Array.isArray(request.urls) ? request.urls.filter((u) => typeof u === 'string') : [],
      );
    case 'deleteAll':
      return deleteAll(ctx);
    case 'aiTask':
      return request.task === 'search' || request.task === 'recommendations' || request.task === 'analytics'
        ? aiTask(ctx, request.task, typeof request.query === 'string' ? request.query : undefined)
        : { ok: false, message: 'Unknown AI task.' };
    default:
      return { error: 'Unknown request' };
  }
}
