import type { FastifyInstance } from 'fastify';

/** The extension's AI requests under /api/ext/ai. Registered behind extGuard. */
export async function aiRoutes(_ai: FastifyInstance): Promise<void> {}
