import { extractFromMetadata } from '../content/platforms/metadata';
import { PAGE_READER_GLOBAL } from './pageScript';
import { platformOfUrl } from './platformOfUrl';

/**
 * Injected into a tab that has no content script (any site but the five) for the popup's "Save this post" and the
 * context menu (activeTab allows it after the user's click). Built as a classic script (pageScript.ts names the
 * file); the worker then calls the reader it leaves here, and gets the page as a post or a link.
 */
(globalThis as Record<string, unknown>)[PAGE_READER_GLOBAL] = () =>
  extractFromMetadata({ location: new URL(location.href), document }, platformOfUrl(location.href));
