import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { bearerToken, requireUser } from '../plugins/auth';
import { revokeSession } from './sessions';
import { messageSchema } from '../../src/contract/common';

/**
 * POST /auth/logout ends the presented session on the server. The web app's own Logout stays client-only,
 * as the spec describes; the extension and other clients call this so a token they drop stops working.
 */
export async function logoutRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'End the presented session: the token gets 401 from then on',
        response: { 204: z.null().describe('Signed out'), 401: messageSchema },
      },
    },
    async (request, reply) => {
      requireUser(request);
      await revokeSession(app.ctx, bearerToken(request)!);
      return reply.code(204).send(null);
    },
  );
}
