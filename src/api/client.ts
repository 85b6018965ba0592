import { API_BASE } from '../config';
import { readToken } from '../session/storage';

/** An HTTP failure carrying the server's `{message}` when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly serverMessage: string | null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** A failure before any HTTP answer arrived (offline, DNS, CORS). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('Network error');
    this.name = 'NetworkError';
    this.cause = cause;
  }
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  /** Send the stored session token (default true). */
  auth?: boolean;
  token?: string | null;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export function apiUrl(path: string, query?: RequestOptions['query']): string {
  const base = API_BASE.replace(/\/$/, '');
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {}))
    if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
  const q = qs.toString();
  return `${base}${path}${q ? `?${q}` : ''}`;
}

/** The one fetch wrapper: base URL, bearer header, JSON in and out, errors with the server's message. */
export async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const { response } = await requestRaw(path, opts);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Like request, but hands back the Response too (for headers such as X-Total-Count). */
export async function requestRaw(path: string, opts: RequestOptions = {}): Promise<{ response: Response }> {
  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
  const token = opts.token !== undefined ? opts.token : opts.auth === false ? null : readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  let response: Response;
  try {
    response = await fetch(apiUrl(path, opts.query), {
      method: opts.method ?? 'GET',
      headers,
      body,
      signal: opts.signal,
    });
  } catch (err) {
    if ((err as Error)?.name === 'AbortError') throw err;
    throw new NetworkError(err);
  }
  if (!response.ok) {
    let serverMessage: string | null = null;
    try {
      const data = (await response.json()) as { message?: unknown };
      if (typeof data?.message === 'string' && data.message) serverMessage = data.message;
    } catch {
      // a body that is not JSON carries no message
    }
    throw new ApiError(
      response.status,
      serverMessage ?? `Request failed with status ${response.status}`,
      serverMessage,
    );
  }
  return { response };
}
