import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listPostsQuerySchema, postListSchema, postSchema, savePostSchema } from '../../src/contract/ext';

import { TOTAL_COUNT_HEADER } from '../../src/contract/admin';
import { requireUser } from '../plugins/auth';
import { deletePost, listPosts, savePost } from './postsService';
import { idParamsSchema, messageSchema } from '../../src/contract/common';

const errors = { 400: messageSchema, 401: messageSchema, 404: messageSchema };
const postResponse = z.object({ post: postSchema });

export async function postsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/posts',
    {
      schema: {
        tags: ['extension'],
        summary:
          'Saved posts, newest first, searched (author, handle, title, text, tags) and filtered, by page or by ' +
          'cursor (before = the previous nextCursor); updatedSince gives what changed since a sync; total in X-Total-Count',
        querystring: listPostsQuerySchema,
        response: { 200: postListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { total, ...list } = await listPosts(app.ctx, requireUser(request).id, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return list;
    },
  );

  app.post(
    '/posts',
    {
      schema: {
        tags: ['extension'],
        summary:
          'Save a post (201); the same url again returns the saved post as it is (200), counted once: safe to retry',
        body: savePostSchema,
        response: { 200: postResponse, 201: postResponse, 413: messageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { post, created } = await savePost(app.ctx, requireUser(request).id, request.body);
      return reply.code(created ? 201 : 200).send({ post });
    },
  );

  app.delete(
    '/posts/:id',
    {
      schema: {
        tags: ['extension'],
        summary: 'Delete a saved post and its media, freeing their storage',
        params: idParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      await deletePost(app.ctx, requireUser(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );
}
