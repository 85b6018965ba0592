import { fetchUtils } from 'react-admin';
import { API_BASE } from '../../src/config';
import { readToken } from '../../src/session/storage';

/** Where the admin API lives: simple-rest appends `/{resource}` to it. */
export const ADMIN_API_URL = `${API_BASE.replace(/\/$/, '')}/admin`;

export type HttpClient = typeof fetchUtils.fetchJson;

/** `headers` with the operator's bearer token: in a header, never in a URL. */
export function withBearer(headers: Headers): Headers {
  const token = readToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

/** react-admin's fetchJson with the operator's bearer token: nothing else, so simple-rest stays unmodified. */
export const httpClient: HttpClient = (url, options = {}) => {
  const headers = new Headers((options.headers as HeadersInit | undefined) ?? { Accept: 'application/json' });
  return fetchUtils.fetchJson(url, { ...options, headers: withBearer(headers) });
};
