import 'fake-indexeddb/auto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import type { TestApp } from './harness';
import { sharedAiApp } from './aiHarness';
import { answer } from '../fixtures/fakeAiServer';
import { startFakeOpenAi } from '../fixtures/fakeOpenAi';
import { image } from './extHarness';
import { startWorker, type WorkerChrome } from '../../src-extension/background/startWorker';
import type { WorkerContext } from '../../src-extension/background/workerContext';
import type { ExtractedPost } from '../../src-extension/shared/extractedPost';
import type { WorkerRequest } from '../../src-extension/shared/messages';
import { localCategory } from '../../src-extension/background/localCategory';

// The extension's service worker run in Node: its own logic, against the real API listening on a port, with
// fake-indexeddb for IndexedDB and a small fake of the few Chrome APIs it uses. Chrome is the browser, not an
// outside service; in Node it has to be faked, and the fake stays as small as the worker's use of it.

/** The web app's origin in these tests: the server's WEB_URL, which a development build accepts. */
export const WEB_ORIGIN = 'http://localhost:3000';
export const EXTENSION_ID = 'lmibpnjnijhijcmdkmidjkmpenfaiekc';

/** A browser profile: what survives the worker's stop and a browser restart (chrome.storage and IndexedDB). */
export interface Profile {
  storage: Map<string, unknown>;
  dbName: string;
}

export const newProfile = (): Profile => ({
  storage: new Map(),
  dbName: `postkeeper-${randomBytes(4).toString('hex')}`,
});

/**
 * The machine's network as the worker sees it: `offline` makes every request fail as fetch does without a
 * network; `hold` keeps matching requests' answers from ever reaching the worker (it stops before it reads
 * them), after the server has handled them; `apiStatus` answers every API request with that status before it
 * reaches the server (a proxy in front of a server that is down); `delay` keeps a matching request's answer from
 * the worker until the promise it returns settles (a slow network); `log` lists each request as "METHOD path".
 */
export interface Network {
  offline: boolean;
  apiStatus: number | null;
  hold: ((method: string, url: URL) => boolean) | null;
  delay: ((method: string, url: URL) => Promise<void> | null) | null;
  log: string[];
}

export const newNetwork = (): Network => ({
  offline: false,
  apiStatus: null,
  hold: null,
  delay: null,
  log: [],
});

export interface RunningWorker {
  ctx: WorkerContext;
  /** A message from a content script, the popup or the library page; resolves with the worker's answer. */
  send(request: WorkerRequest): Promise<unknown>;
  /** A message from a web page of `origin` (chrome.runtime.sendMessage with the extension's id). */
  external(message: unknown, origin: string): Promise<unknown>;
  /** The browser's `online` event. */
  online(): void;
  /** Tabs the worker opened. */
  opened: string[];
  /** Timers the worker set (schedule), in order; `fire` runs one. */
  timers: { fn: () => void; ms: number }[];
  /** Waits for the work the worker goes on with after its answers. */
  idle(): Promise<void>;
  /** The API requests it made, as "METHOD /path". */
  apiCalls(): string[];
}

/** Starts the worker as Chrome would at a start: a new instance over the profile's storage and IndexedDB. */
export function runWorker(
  profile: Profile,
  network: Network,
  opts: { now?: () => number; webOrigin?: string } = {},
): RunningWorker {
  const messages: Parameters<WorkerChrome['runtime']['onMessage']['addListener']>[0][] = [];
  const externals: typeof messages = [];
  const onlines: (() => void)[] = [];
  const opened: string[] = [];
  const timers: RunningWorker['timers'] = [];
  const clone = <T>(v: T): T => (v === undefined ? v : structuredClone(v));
  const listener = <A extends unknown[]>() => ({ addListener: (_cb: (...args: A) => void) => undefined });
  const chrome: WorkerChrome = {
    runtime: {
      id: EXTENSION_ID,
      getURL: (path) => `chrome-extension://${EXTENSION_ID}/${path}`,
      onMessage: { addListener: (cb) => void messages.push(cb) },
      onMessageExternal: { addListener: (cb) => void externals.push(cb) },
      onInstalled: listener(),
      onStartup: listener(),
    },
    storage: {
      local: {
        get: async (key) => (profile.storage.has(key) ? { [key]: clone(profile.storage.get(key)) } : {}),
        set: async (items) => {
          for (const [k, v] of Object.entries(items)) profile.storage.set(k, clone(v));
        },
        remove: async (key) => void profile.storage.delete(key),
      },
    },
    tabs: {
      create: async ({ url }) => void opened.push(url),
      query: async () => [],
      sendMessage: async () => {
        throw new Error('Could not establish connection. Receiving end does not exist.');
      },
    },
  };
  const fetchThrough: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    network.log.push(`${method} ${url.pathname}`);
    if (network.offline) throw new TypeError('fetch failed');
    if (network.apiStatus && url.pathname.startsWith('/api/'))
      return new Response('<html><body>Bad gateway</body></html>', { status: network.apiStatus });
    const held = network.hold?.(method, url) ?? false;
    const slow = network.delay?.(method, url);
    const res = await fetch(input, init);
    await slow;
    return held ? new Promise<Response>(() => undefined) : res;
  };
  const start = network.log.length;
  const ctx = startWorker(chrome, {
    config: {
      webUrl: opts.webOrigin ?? WEB_ORIGIN,
      apiUrl: `${opts.webOrigin ?? WEB_ORIGIN}/api`,
      isWebAppOrigin: (origin) => origin === (opts.webOrigin ?? WEB_ORIGIN),
    },
    fetch: fetchThrough,
    now: opts.now ?? (() => Date.now()),
    localCategory,
    schedule: (fn, ms) => void timers.push({ fn, ms }),
    dbName: profile.dbName,
    onOnline: (cb) => void onlines.push(cb),
  });
  const deliver = (to: typeof messages, message: unknown, sender: { id?: string; origin?: string }) =>
    new Promise<unknown>((resolve) => {
      for (const cb of to) cb(structuredClone(message), sender, (answer) => resolve(structuredClone(answer)));
    });
  return {
    ctx,
    send: (request) => deliver(messages, request, { id: EXTENSION_ID }),
    external: (message, origin) => deliver(externals, message, { origin }),
    online: () => onlines.forEach((cb) => cb()),
    opened,
    timers,
    idle: () => ctx.idle(),
    apiCalls: () => network.log.slice(start).filter((line) => line.includes(' /api/')),
  };
}

/**
 * The API for the worker's tests, its OpenAI stand-in labelling every post with `labels`, listening on a port as
 * the extension reaches it: the app, the stand-ins and the API's base URL.
 */
export function workerApi(labels = '{"category": "technology", "tags": ["devtools"]}') {
  const shared = sharedAiApp({ openai: () => startFakeOpenAi(answer(labels)) });
  return { ...shared, api: listening(shared.t) };
}

/** The API listening on a port, as the extension reaches it; answers its base URL (…/api). */
export function listening(t: TestApp): { apiUrl: string } {
  const where = { apiUrl: '' };
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    where.apiUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api`;
  });
  return where;
}

/** A stand-in for the platforms' image CDNs: /img/<file> serves a test image, anything else is 404. */
export function imageCdn(): { url(file: string): string; hits: string[] } {
  const cdn = { base: '', hits: [] as string[], url: (file: string) => `${cdn.base}/img/${file}` };
  let server: Server;
  const types: Record<string, string> = { jpg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' };
  beforeAll(async () => {
    server = createServer((req, res) => {
      cdn.hits.push(req.url ?? '');
      const file = /^\/img\/([\w.-]+)$/.exec(req.url ?? '')?.[1];
      image(file ?? 'none').then(
        (bytes) => {
          res.writeHead(200, {
            'content-type': types[file!.split('.').pop()!] ?? 'application/octet-stream',
          });
          res.end(bytes);
        },
        () => {
          res.writeHead(404);
          res.end();
        },
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cdn.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));
  return cdn;
}

let counter = 0;
/** A post as a platform's reader hands it over. */
export function xPost(fields: Partial<ExtractedPost> = {}): ExtractedPost {
  counter += 1;
  return {
    platform: 'x',
    url: `https://x.com/ada/status/${Date.now()}${counter}`,
    authorName: 'Ada Lovelace',
    authorHandle: '@ada',
    text: 'Shipping a small developer tool this week: a thread on pricing pages and onboarding.',
    postedAt: '2026-01-31T12:00:00.000Z',
    images: [],
    ...fields,
  };
}

/** The openDashboard message the web app sends after its sign-in, with the session. */
export const openDashboard = (token: string, apiUrl: string) => ({
  action: 'openDashboard',
  timestamp: Date.now(),
  session: { token, apiUrl },
});
