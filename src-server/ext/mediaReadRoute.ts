import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MEDIA_TYPES } from '../../src/contract/ext';
import { idParamsSchema, messageSchema } from '../../src/contract/common';
import { requireUser } from '../plugins/auth';
import { readOwnMedia } from './mediaRead';
import { imageResponse, uploadedImageHeaders } from '../media/uploadedImageReply';

/**
 * An uploaded image is an uploader's file, answered as a support screenshot is (media/uploadedImageReply.ts). Its
 * bytes never change under its id, so this browser may keep it a day.
 */
const MEDIA_HEADERS = uploadedImageHeaders('private, max-age=86400');

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
        response: { 200: imageResponse(MEDIA_TYPES), 401: messageSchema, 404: messageSchema },
      },
    },
    async (request, reply) => {
      const { bytes, contentType } = await readOwnMedia(app.ctx, requireUser(request).id, request.params.id);
      // Bytes go out as they are (Fastify serializes no Buffer); the string schema only documents the 200.
      return reply
        .headers(MEDIA_HEADERS)
        .type(contentType)
        .send(bytes as unknown as string);
    },
  );
}
