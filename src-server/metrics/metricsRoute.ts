import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { bearerToken } from '../plugins/auth';
import type { Metrics } from './metrics';

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * Request latency for every answer, and the scrape endpoint as the configuration asks (docs/deploy.md, metrics):
 * none by default; `GET /api/metrics` with `Authorization: Bearer <METRICS_TOKEN>` when that is set; and/or a
 * listener of its own on METRICS_PORT (bound to METRICS_HOST, this machine unless widened) for a network where
 * only Prometheus reaches that port.
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics): void {
  const { config } = app.ctx;
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern (/api/ext/posts/:id), never the URL: ids and query strings would make a series each.
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.http.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  const token = config.METRICS_TOKEN;
  if (token) {
    app.get(
      '/api/metrics',
      { schema: { hide: true }, config: { resolvesOwnUser: true } },
      async (request, reply) => {
        const given = bearerToken(request);
        // Both sides hashed first, so the comparison takes the same time whatever the lengths.
        if (!given || !timingSafeEqual(digest(given), digest(token))) {
          return reply.code(401).send({ message: 'Metrics need the monitoring token.' });
        }
        reply.header('cache-control', 'no-store').type(metrics.registry.contentType);
        return metrics.registry.metrics();
      },
    );
  }

  const port = config.METRICS_PORT;
  if (port !== undefined) {
    let server: Server | null = null;
    app.addHook('onReady', async () => {
      server = createServer((req, res) => {
        if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
          res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not found"}');
          return;
        }
        metrics.registry.metrics().then(
          (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
          () =>
            res.writeHead(500, { 'content-type': 'application/json' }).end('{"message":"Metrics failed"}'),
        );
      });
      await new Promise<void>((resolve, reject) => {
        server!.once('error', reject);
        server!.listen(port, config.METRICS_HOST, resolve);
      });
    });
    app.addHook('onClose', async () => {
      server?.closeAllConnections();
      await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    });
  }
}
