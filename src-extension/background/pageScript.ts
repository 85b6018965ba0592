/**
 * The metadata reader the worker runs in a tab without a content script (pageMetadataScript.ts): the build emits
 * it as a classic script under this name at the extension's root, and it leaves its reader on the tab's isolated
 * world under PAGE_READER_GLOBAL, where a second injected function calls it.
 */
export const PAGE_METADATA_SCRIPT = 'pageMetadata.js';
export const PAGE_READER_GLOBAL = 'postkeeperReadPage';
