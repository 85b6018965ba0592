import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, messageSchema } from '../../src/contract/common';
import { requireUser } from '../plugins/auth';
import { readOwnMedia } from './mediaRead';

/** The caller's own images, through the API's session check: the library shows a signed-in post's pictures. */
export async function mediaReadRoute(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/media/:id',
    {
      schema: {
        tags: ['extension'],
        summary:
          "An attached image's bytes, as the type they were checked as on upload; only the owner's (others are 404). Cache-Control: private",
        params: idParamsSchema,
        response: { 401: messageSchema, 404: messageSchema },
      },
    },
    async (request, reply) => {
      const { bytes, contentType } = await readOwnMedia(app.ctx, requireUser(request).id, request.params.id);
      // An image's bytes never change under its id; private: only this browser may keep them, never a shared cache.
      return reply
        .header('Cache-Control', 'private, max-age=86400')
        .header('Content-Disposition', 'inline')
        .type(contentType)
        .send(bytes);
    },
  );
}
