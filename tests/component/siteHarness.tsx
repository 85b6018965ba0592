import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router-dom';
import { vi } from 'vitest';
import { SiteRoot } from '../../src-site/SiteRoot';

export { profile } from './fixtures';

/** A JSON response as the API sends it. */
export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

type Reply = { status?: number; body?: unknown } | Error;
/** A fake fetch that answers by "METHOD path"; unknown calls get a 404. Returns the mock for call checks. */
export function fakeApi(routes: Record<string, Reply | ((init: RequestInit) => Reply)>) {
  const mock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const key = `${init.method ?? 'GET'} ${String(url).split('?')[0]}`;
    const entry = routes[key];
    const reply = typeof entry === 'function' ? entry(init) : entry;
    if (!reply) return new Response(JSON.stringify({ message: 'Not found' }), { status: 404 });
    if (reply instanceof Error) throw reply;
    return json(reply.status ?? 200, reply.body ?? {});
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** Shows where the router went, for redirect checks. */
export function WhereAmI() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

/** Renders the given routes under the site's session root, starting at `path`. */
export function renderSite(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(
    [{ element: <SiteRoot />, children: [...routes, { path: '*', element: <WhereAmI /> }] }],
    { initialEntries: [path] },
  );
  const utils = render(<RouterProvider router={router} />);
  return { ...utils, router };
}

/** A fake chrome.runtime whose extension answers (or not). */
export function fakeChrome(behaviour: 'answers' | 'missing' | 'throws') {
  const sent: unknown[] = [];
  const runtime = {
    lastError: undefined as { message: string } | undefined,
    sendMessage(_id: string, message: unknown, callback: (r: unknown) => void) {
      sent.push(message);
      if (behaviour === 'throws') throw new Error('Invalid extension id');
      if (behaviour === 'answers') setTimeout(() => callback({ ok: true }), 0);
      else {
        runtime.lastError = { message: 'Could not establish connection. Receiving end does not exist.' };
        setTimeout(() => {
          callback(undefined);
          runtime.lastError = undefined;
        }, 0);
      }
    },
  };
  vi.stubGlobal('chrome', { runtime });
  return sent;
}
