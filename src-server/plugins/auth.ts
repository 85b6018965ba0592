import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findSessionUser } from '../auth/sessions';
import { forbidden, unauthorized } from '../errors';

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads the bearer itself, when it needs to (the health check, after its database ping). */
    resolvesOwnUser?: boolean;
  }
}

/** Resolves `Authorization: Bearer` to request.user for every API request. */
export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config?.resolvesOwnUser) return;
    const token = bearerToken(request);
    const { db, clock, config } = app.ctx;
    request.user = token
      ? await findSessionUser({ db, clock }, token, { idleDays: config.SESSION_IDLE_DAYS })
      : null;
  });
}

/** The signed-in user, or a 401. */
export function requireUser(request: FastifyRequest) {
  if (!request.user) throw unauthorized('Please sign in to continue.');
  return request.user;
}

/** The one guard for the /admin prefix: 401 without a valid session, 403 for a non-admin. */
export async function adminGuard(request: FastifyRequest): Promise<void> {
  const user = requireUser(request);
  if (user.role !== 'admin') throw forbidden('Admin access required.');
}

/** The one guard for the /ext prefix: the extension signs in with the same bearer sessions as the web app. */
export async function extGuard(request: FastifyRequest): Promise<void> {
  requireUser(request);
}
