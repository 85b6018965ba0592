import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';

export const LEGACY_REDIRECTS: Record<string, string> = {
  '/login': '/dashboard/login',
  '/register': '/dashboard/register',
  '/settings': '/dashboard/settings',
};

/**
 * The data folder holds the database, support screenshots and saved media: none of it may ever be served as a
 * static file, which it would be from inside the web app's folder. Throws (and the server does not start) then.
 */
export function assertDataOutsideWebRoot(clientDir: string, dataDir: string): void {
  const root = resolve(clientDir);
  const data = resolve(dataDir);
  if (data === root || data.startsWith(root + sep))
    throw new Error(
      `DATA_DIR (${data}) must not be inside the web app folder (${root}): every file there is public.`,
    );
}

/**
 * Serves the built web app. `/` gets the pre-rendered landing page (index.html); every other web route
 * gets the plain shell (shell.html) so the client router renders it without a hydration mismatch.
 */
export async function registerWebApp(app: FastifyInstance, clientDir: string): Promise<void> {
  assertDataOutsideWebRoot(clientDir, app.ctx.config.DATA_DIR);
  for (const [from, to] of Object.entries(LEGACY_REDIRECTS)) {
    app.get(from, async (request, reply) => {
      const q = request.url.indexOf('?');
      return reply.redirect(q >= 0 ? to + request.url.slice(q) : to, 301);
    });
  }
  const indexFile = join(clientDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn(`web app not built (${indexFile} missing): run npm run build`);
    app.setNotFoundHandler((request, reply) =>
      reply.code(404).send({ message: `Not found: ${request.method} ${request.url.split('?')[0]}` }),
    );
    return;
  }
  const shellFile = existsSync(join(clientDir, 'shell.html')) ? join(clientDir, 'shell.html') : indexFile;
  const shell = readFileSync(shellFile, 'utf8');
  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: false,
    preCompressed: true,
    // Our own Cache-Control below, not send's default max-age=0.
    cacheControl: false,
    index: ['index.html'],
    setHeaders(res, path) {
      if (/\/assets\//.test(path)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      else res.setHeader('Cache-Control', 'no-cache');
    },
  });
  app.get('/*', async (request, reply) => {
    const path = request.url.split('?')[0];
    if (path.startsWith('/api/') || path === '/api')
      return reply.code(404).send({ message: `Not found: GET ${path}` });
    const file = path.replace(/^\/+/, '');
    if (file && !file.includes('..') && existsSync(join(clientDir, file)) && !file.endsWith('/')) {
      return reply.sendFile(file);
    }
    if (/\.[a-z0-9]+$/i.test(path)) return reply.code(404).type('text/plain').send('Not found');
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(shell);
  });
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({ message: `Not found: ${request.method} ${request.url.split('?')[0]}` }),
  );
}
