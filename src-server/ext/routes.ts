import type { FastifyInstance } from 'fastify';
import { accountRoute } from './accountRoute';
import { postsRoutes } from './postsRoutes';
import { mediaRoute } from './mediaRoute';
import { libraryRoutes } from './libraryRoutes';
import { postEditsRoutes } from './postEditsRoutes';
import { mediaReadRoute } from './mediaReadRoute';

/**
 * The extension's API under /api/ext: account, saved posts and their media, and the library's counts and edits.
 * Registered behind extGuard.
 */
export async function extRoutes(ext: FastifyInstance): Promise<void> {
  await ext.register(accountRoute);
  await ext.register(postsRoutes);
  await ext.register(mediaRoute);
  await ext.register(libraryRoutes);
  await ext.register(postEditsRoutes);
  await ext.register(mediaReadRoute);
}
