import type { FastifyInstance } from 'fastify';

export async function billingRoutes(_app: FastifyInstance): Promise<void> {}
