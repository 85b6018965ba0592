import type { FastifyInstance } from 'fastify';
import { accountRoute } from './accountRoute';
import { postsRoutes } from './postsRoutes';
import { mediaRoute } from './mediaRoute';

/** The extension's API under /api/ext: account, saved posts and their media. Registered behind extGuard. */
export async function extRoutes(ext: FastifyInstance): Promise<void> {
  await ext.register(accountRoute);
  await ext.register(postsRoutes);
  await ext.register(mediaRoute);
}
