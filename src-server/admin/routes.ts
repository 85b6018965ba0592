import type { FastifyInstance } from 'fastify';
import { usersRoutes } from './usersRoutes';
import { usersExportRoute } from './usersExportRoute';
import { couponsRoutes } from './couponsRoutes';
import { abuseRoutes } from './abuseRoutes';
import { aiConfigRoutes } from './aiConfigRoutes';
import { costRoutes } from './costRoutes';
import { messagesRoutes } from './messagesRoutes';
import { auditLogRoutes } from './auditLogRoutes';

/**
 * Every admin endpoint; app.ts mounts this inside the one guarded /api/admin scope. A route that changes something
 * passes operator(request) to its service, which calls audited() inside the change's transaction; the audit guard
 * (auditGuard.ts) and the route walk in tests/api/auditWalk.test.ts catch one that does not.
 */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  await app.register(usersRoutes);
  await app.register(usersExportRoute);
  await app.register(couponsRoutes);
  await app.register(abuseRoutes);
  await app.register(aiConfigRoutes);
  await app.register(costRoutes);
  await app.register(messagesRoutes);
  await app.register(auditLogRoutes);
}
