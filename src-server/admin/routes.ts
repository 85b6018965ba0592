import type { FastifyInstance, RouteOptions } from 'fastify';
import { usersRoutes } from './usersRoutes';
import { couponsRoutes } from './couponsRoutes';
import { abuseRoutes } from './abuseRoutes';
import { aiConfigRoutes } from './aiConfigRoutes';
import { costRoutes } from './costRoutes';
import { messagesRoutes } from './messagesRoutes';
import { auditLogRoutes } from './auditLogRoutes';
import { ALWAYS_PAGED_NOTE } from './adminContext';

export const PAGED_LIST_NOTE =
  'Without page, perPage, sort or order the whole list is returned. With page or perPage the body holds that page and the X-Total-Count response header carries the number of matching rows.';

export const SIMPLE_REST_NOTE =
  'It also speaks ra-data-simple-rest: with sort=["field","ASC"|"DESC"], range=[first,last] or filter={...} (JSON; q is the full-text search, id a list of ids) it answers a bare array of records, each with an id, and Content-Range: <resource> <first>-<last>/<total>. Malformed JSON, an unknown sort key or an unknown filter is a 400.';

/** Lists that take the paging parameters say so in the OpenAPI document, with the header that carries the total. */
function documentPaging(route: RouteOptions): void {
  const query = route.schema?.querystring as { shape?: Record<string, unknown> } | undefined;
  if (!route.schema || !query?.shape || !('page' in query.shape)) return;
  // Lists that always answer one page say so themselves; a GET's HEAD twin shares its schema, noted once.
  const said = route.schema.description ?? '';
  if (said.includes(SIMPLE_REST_NOTE)) return;
  const paging = said.includes(ALWAYS_PAGED_NOTE) ? null : PAGED_LIST_NOTE;
  const dialect = 'range' in query.shape ? SIMPLE_REST_NOTE : null;
  route.schema.description = [route.schema.description, paging, dialect].filter(Boolean).join(' ');
}

/**
 * Every admin endpoint; app.ts mounts this inside the one guarded /api/admin scope. A route that changes something
 * passes operator(request) to its service, which calls audited() inside the change's transaction; the audit guard
 * (auditGuard.ts) and the route walk in tests/api/auditWalk.test.ts catch one that does not.
 */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', documentPaging);
  await app.register(usersRoutes);
  await app.register(couponsRoutes);
  await app.register(abuseRoutes);
  await app.register(aiConfigRoutes);
  await app.register(costRoutes);
  await app.register(messagesRoutes);
  await app.register(auditLogRoutes);
}
