import type { FastifyInstance } from 'fastify';

/** The extension's API under /api/ext: account, saved posts and their media. Registered behind extGuard. */
export async function extRoutes(_ext: FastifyInstance): Promise<void> {}
