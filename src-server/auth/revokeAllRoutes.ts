import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { requireUser } from '../plugins/auth';
import { revokeUserSessions } from './sessions';
import { messageSchema } from '../../src/contract/common';

/**
 * "Sign out of all devices": ends every session of the signed-in user, the one making the call included, so a
 * lost laptop or a leaked token stops working at once. The caller then has to sign in again.
 */
export async function revokeAllRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/sessions/revoke-all',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out of all devices: revoke every session of the signed-in user',
        response: { 204: z.null().describe('Every session revoked'), 401: messageSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await revokeUserSessions(app.ctx, user.id);
      return reply.code(204).send(null);
    },
  );
}
