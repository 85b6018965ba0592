import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { siteRoutes } from '../routes';

/**
 * Renders one site route to HTML with the same route tree and StrictMode wrapper as the client, so the browser
 * hydrates it without a mismatch. No hydration data script is emitted: the site routes have no loaders, and the
 * page's script policy allows no inline scripts.
 */
export async function render(url: string): Promise<string> {
  const handler = createStaticHandler(siteRoutes);
  const context = await handler.query(new Request(new URL(url, 'http://localhost').href));
  if (context instanceof Response)
    throw new Error(
      `Route ${url} answered with a redirect (${context.status}); only pages can be pre-rendered`,
    );
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
  );
}
