import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './accountRoutes';
import { passwordResetRoutes } from './passwordResetRoutes';
import { googleRoutes } from './googleRoutes';
import { signOutRoutes } from './signOutRoutes';

/** Everything under /api/auth. */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  await app.register(
    async (auth) => {
      // Tokens and profiles must never be kept by a browser or proxy cache.
      auth.addHook('onSend', async (_request, reply) => {
        reply.header('Cache-Control', 'no-store');
      });
      await auth.register(accountRoutes);
      await auth.register(signOutRoutes);
      await auth.register(passwordResetRoutes);
      await auth.register(googleRoutes);
    },
    { prefix: '/auth' },
  );
}
