import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { MAX_MEDIA_BYTES, mediaSchema } from '../../src/contract/ext';

import { requireUser } from '../plugins/auth';
import { badRequest, HttpError } from '../errors';
import { addMedia, MEDIA_TOO_LARGE_MESSAGE } from './mediaService';
import { messageSchema } from '../../src/contract/common';

const FILE_FIELD = 'file';
const FORM_MESSAGE = `Send the image as multipart form data in the field "${FILE_FIELD}".`;

/** Reads the one file of the form into memory, at most MAX_MEDIA_BYTES; any other shape is a 4xx. */
async function readFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new HttpError(415, FORM_MESSAGE);
  let file: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== FILE_FIELD) throw badRequest(FORM_MESSAGE);
      file = await part.toBuffer();
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, MEDIA_TOO_LARGE_MESSAGE);
    if (code === 'FST_FILES_LIMIT') throw badRequest('Attach one file at a time.');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest(FORM_MESSAGE);
    throw badRequest('The form could not be read. Please try again.');
  }
  if (!file) throw badRequest(FORM_MESSAGE);
  return file;
}

export async function mediaRoute(fastify: FastifyInstance): Promise<void> {
  await fastify.register(multipart, {
    limits: { fileSize: MAX_MEDIA_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 5 },
  });
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/posts/:id/media',
    {
      schema: {
        tags: ['extension'],
        summary:
          'Attach an image (JPEG, PNG, WebP or GIF, checked by its bytes; at most 20 MB, 20,000 pixels a side and 50 megapixels) to a saved post (201); the same bytes again answer the stored image (200), counted once',
        consumes: ['multipart/form-data'],
        params: z.object({ id: z.string().max(64) }),
        response: {
          201: z.object({ media: mediaSchema }),
          200: z
            .object({ media: mediaSchema })
            .describe('These bytes were attached before: the stored image'),
          400: messageSchema,
          401: messageSchema,
          404: messageSchema,
          413: messageSchema,
          415: messageSchema,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const bytes = await readFile(request);
      const { media, created } = await addMedia(app.ctx, user.id, request.params.id, bytes);
      return reply.code(created ? 201 : 200).send({ media });
    },
  );
}
