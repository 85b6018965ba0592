import type { FastifyInstance } from 'fastify';
import { actorOf } from './adminContext';
import { hasAudited } from './audited';

/** A write route of the admin API, as the route table holds it. */
export interface AdminWriteRoute {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every admin route that may change something; the audit test walks them all. */
    adminWriteRoutes: AdminWriteRoute[];
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Keeps an admin write from skipping the audit log unnoticed. Every non-GET admin request that succeeds must have
 * written its record through `audited` with the request's operator(request) Actor; one that did not is logged as
 * an error, and under NODE_ENV=test answers 500 so the test that made it fails. (In production the change is
 * already committed: the answer stays truthful and the log carries the alarm.)
 * Also collects the write routes into `writes`, so a test can walk the whole table.
 */
export function registerAuditGuard(admin: FastifyInstance, writes: AdminWriteRoute[]): void {
  admin.addHook('onRoute', (route) => {
    // The catch-all that answers unknown admin paths with 404 writes nothing.
    if (route.url.endsWith('/*')) return;
    for (const method of [route.method].flat()) {
      if (!READS.has(method)) writes.push({ method, url: route.url });
    }
  });

  admin.addHook('onSend', async (request, reply, payload) => {
    if (READS.has(request.method) || reply.statusCode < 200 || reply.statusCode >= 300) return payload;
    const actor = actorOf(request);
    if (actor && hasAudited(actor)) return payload;
    const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
    request.log.error({ route }, 'admin write answered without an audit record');
    if (admin.ctx.config.NODE_ENV !== 'test') return payload;
    reply.code(500).type('application/json; charset=utf-8');
    return JSON.stringify({
      message: `${route} changed something without an audit record: call audited() in its transaction.`,
    });
  });
}
