import { ADMIN_TEXT } from './adminMessages';
import { withText } from './adminError';
import { withBearer } from './httpClient';

/**
 * The lists the server exports as one streamed CSV (GET /admin/users/export), with the list filters it takes:
 * the console's filter key, and the export's query name for it.
 */
const STREAMED: Record<string, { path: string; failure: string; filters: Record<string, string> }> = {
  users: {
    path: 'users/export',
    failure: ADMIN_TEXT.loadUsers,
    filters: { q: 'search', plan: 'plan', subscriptionStatus: 'subscriptionStatus' },
  },
};

export interface StreamCsvParams {
  filter: Record<string, unknown>;
  /** The grid fields of the columns to export, in any order (the server keeps its own). */
  fields: string[];
  /** Rows received so far, as they arrive. */
  onRows?: (rows: number) => void;
}

/** The whole filtered list as the server's CSV, or null when the server streams no CSV of this list. */
export type StreamCsv = (resource: string, params: StreamCsvParams) => Promise<Blob | null>;

const CSV_TYPE = 'text/csv;charset=utf-8';
/**
 * Bytes gathered before they are folded into the Blob: the browser keeps a Blob's bytes outside the page's
 * heap, so a million-row file never sits in the page as strings or row objects.
 */
const FOLD_BYTES = 8 * 1024 * 1024;
const NEWLINE = 0x0a;

export function streamedCsv(apiUrl: string): StreamCsv {
  return async (resource, { filter, fields, onRows }) => {
    const spec = STREAMED[resource];
    if (!spec) return null;
    const query = new URLSearchParams();
    for (const [key, name] of Object.entries(spec.filters)) {
      const value = filter[key];
      if (typeof value === 'string' && value.trim()) query.set(name, value.trim());
    }
    if (fields.length) query.set('fields', fields.join(','));
    return withText(spec.failure, () => download(`${apiUrl}/${spec.path}?${query}`, onRows));
  };
}

async function download(url: string, onRows?: (rows: number) => void): Promise<Blob> {
  const res = await fetch(url, { headers: withBearer(new Headers({ Accept: 'text/csv' })) });
  if (!res.ok || !res.body) {
    // Shaped as react-admin's HttpError: the status for its 401 handling, the server's {message} for the notice.
    const body: unknown = await res.json().catch(() => undefined);
    throw Object.assign(new Error(res.statusText || `HTTP ${res.status}`), { status: res.status, body });
  }
  const reader = (res.body as ReadableStream<Uint8Array<ArrayBuffer>>).getReader();
  let file = new Blob([], { type: CSV_TYPE });
  let parts: Uint8Array<ArrayBuffer>[] = [];
  let held = 0;
  let lines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    held += value.byteLength;
    for (const byte of value) if (byte === NEWLINE) lines++;
    // Lines, less the header: a name with a line break in it counts twice, which a progress bar can bear.
    onRows?.(Math.max(0, lines - 1));
    if (held >= FOLD_BYTES) {
      file = new Blob([file, ...parts], { type: CSV_TYPE });
      parts = [];
      held = 0;
    }
  }
  return new Blob([file, ...parts], { type: CSV_TYPE });
}
