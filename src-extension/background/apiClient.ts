import type { AiTaskType } from '../../src/contract/ai';
import type { ExtAccount, Media, Post, SavePost } from '../../src/contract/ext';
import type { ExtractedPost } from '../shared/extractedPost';
import type { Facets, LibraryFilters, LibraryStats } from '../shared/messages';

/**
 * Every call the extension makes to the API (/api/ext, docs/product.md), with the session's bearer token. The
 * worker is the only part of the extension that calls it: content scripts never hold the token.
 */

/** The API answered with an error status; `message` is its `{message}`, shown to the user as it is. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The request got no answer: offline, the server down, or the connection cut. */
export class NetworkError extends Error {}

/** Worth trying again later: no answer, the server failing (5xx), or a limit for now (429). */
export const isTransient = (err: unknown) =>
  err instanceof NetworkError || (err instanceof ApiError && (err.status >= 500 || err.status === 429));

/** Failures a later try mends, or the answer already told: a background task ends quietly on them. */
export const quietly = (task: Promise<unknown>) =>
  task.catch((err: unknown) => {
    if (!(err instanceof ApiError || err instanceof NetworkError)) throw err;
  });

export interface ApiSession {
  token: string;
  /** Absolute, without a trailing slash, e.g. https://postkeeper.app/api. */
  apiUrl: string;
}

export interface ListPage {
  posts: Post[];
  /** Pass as `before` for the next page; null on the last. */
  nextCursor: string | null;
  /** Every post the query's filters match (X-Total-Count). */
  total: number;
}

export interface ApiClient {
  savePost(post: SavePost): Promise<{ post: Post; created: boolean }>;
  listPosts(query: Record<string, string | number>): Promise<ListPage>;
  deletePost(id: string): Promise<void>;
  uploadMedia(postId: string, image: Blob): Promise<Media>;
  account(): Promise<ExtAccount>;
  ai(task: AiTaskType, postId: string): Promise<Record<string, unknown>>;
  /** The library's calls (docs/product.md, extension endpoints). */
  library: LibraryCalls;
}

/** The library page's calls: counts and series for the whole account, tag edits, deletes, AI tasks. */
export interface LibraryCalls {
  facets(filters: LibraryFilters): Promise<Facets>;
  stats(filters: LibraryFilters): Promise<LibraryStats>;
  setTags(postId: string, tags: string[]): Promise<Post>;
  deleteMany(ids: string[]): Promise<{ deleted: number; storageUsed: number }>;
  deleteAll(): Promise<{ deleted: number; storageUsed: number }>;
  ask(task: AiTaskType, body: { postId?: string; query?: string }): Promise<Record<string, unknown>>;
}

/** The filters as the server's query reads them: tag and platform repeated. */
export function filterQuery(filters: LibraryFilters): string {
  const params = new URLSearchParams();
  if (filters.q?.trim()) params.set('q', filters.q.trim());
  for (const tag of filters.tags) params.append('tag', tag);
  for (const platform of filters.platforms) params.append('platform', platform);
  if (filters.category) params.set('category', filters.category);
  return params.toString();
}

/**
 * @param onUnauthorized called with the token on any 401 before the error is thrown: the session ended (docs/
 * product.md, "messages to the extension"), so the extension signs out.
 */
export function apiClient(
  session: ApiSession,
  fetchFn: typeof fetch,
  onUnauthorized: (token: string) => Promise<void>,
): ApiClient {
  async function call(method: string, path: string, body?: BodyInit, json = true): Promise<Response> {
    const headers: Record<string, string> = { Authorization: `Bearer ${session.token}` };
    if (body !== undefined && json) headers['Content-Type'] = 'application/json';
    let res: Response;
    try {
      res = await fetchFn(`${session.apiUrl}${path}`, { method, headers, body });
    } catch {
      throw new NetworkError('Postkeeper could not be reached.');
    }
    if (res.ok) return res;
    const message = await errorMessage(res);
    if (res.status === 401) await onUnauthorized(session.token);
    throw new ApiError(res.status, message);
  }
  const readJson = async <T>(res: Response): Promise<T> => {
    try {
      return (await res.json()) as T;
    } catch {
      throw new NetworkError('The answer from Postkeeper was cut off.');
    }
  };

  return {
    async savePost(post) {
      const res = await call('POST', '/ext/posts', JSON.stringify(post));
      return { post: (await readJson<{ post: Post }>(res)).post, created: res.status === 201 };
    },
    async listPosts(query) {
      const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
      const res = await call('GET', `/ext/posts?${params}`);
      const page = await readJson<Omit<ListPage, 'total'>>(res);
      return { ...page, total: Number(res.headers.get('X-Total-Count') ?? page.posts.length) };
    },
    async deletePost(id) {
      await call('DELETE', `/ext/posts/${encodeURIComponent(id)}`);
    },
    async uploadMedia(postId, image) {
      const form = new FormData();
      form.append('file', image, 'image');
      const res = await call('POST', `/ext/posts/${encodeURIComponent(postId)}/media`, form, false);
      return (await readJson<{ media: Media }>(res)).media;
    },
    async account() {
      return (await readJson<{ account: ExtAccount }>(await call('GET', '/ext/account'))).account;
    },
    async ai(task, postId) {
      const res = await call('POST', `/ext/ai/${task}`, JSON.stringify({ postId }));
      return (await readJson<{ result: Record<string, unknown> }>(res)).result;
    },
    library: {
      facets: async (filters) =>
        readJson<Facets>(await call('GET', `/ext/library/facets?${filterQuery(filters)}`)),
      stats: async (filters) =>
        readJson<LibraryStats>(await call('GET', `/ext/library/stats?${filterQuery(filters)}`)),
      async setTags(postId, tags) {
        const res = await call(
          'PUT',
          `/ext/posts/${encodeURIComponent(postId)}/tags`,
          JSON.stringify({ tags }),
        );
        const body = await readJson<{ post?: Post } & Partial<Post>>(res);
        return (body.post ?? body) as Post;
      },
      deleteMany: async (ids) => readJson(await call('POST', '/ext/posts/delete', JSON.stringify({ ids }))),
      deleteAll: async () =>
        readJson(await call('POST', '/ext/posts/delete-all', JSON.stringify({ confirm: true }))),
      async ask(task, body) {
        const res = await call('POST', `/ext/ai/${task}`, JSON.stringify(body));
        return (await readJson<{ result: Record<string, unknown> }>(res)).result;
      },
    },
  };
}

async function errorMessage(res: Response): Promise<string> {
  try {
    const body = (await res.json()) as { message?: unknown };
    if (typeof body.message === 'string' && body.message) return body.message;
  } catch {
    // not JSON: a proxy's page, say
  }
  return `Postkeeper answered ${res.status}. Please try again later.`;
}

/** What the API stores of a post read from a page: empty fields left out, so the server's defaults apply. */
export function toSavePost(post: ExtractedPost): SavePost {
  const body: SavePost = { platform: post.platform, url: post.url };
  if (post.authorName) body.author = post.authorName;
  if (post.authorHandle) body.authorHandle = post.authorHandle;
  if (post.title) body.title = post.title;
  if (post.text) body.text = post.text;
  if (post.quotedUrl) body.quotedUrl = post.quotedUrl;
  if (post.replyToUrl) body.replyToUrl = post.replyToUrl;
  if (post.postedAt) body.postedAt = post.postedAt;
  return body;
}
