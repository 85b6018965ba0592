import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './accountRoutes';
import { passwordResetRoutes } from './passwordResetRoutes';
import { googleRoutes } from './googleRoutes';

/** Everything under /api/auth. */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  await app.register(
    async (auth) => {
      await auth.register(accountRoutes);
      await auth.register(passwordResetRoutes);
      await auth.register(googleRoutes);
    },
    { prefix: '/auth' },
  );
}
