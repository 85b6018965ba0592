import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { postSchema } from '../../src/contract/ext';
import {
  bulkDeleteSchema,
  deleteAllSchema,
  deleteResultSchema,
  editTagsSchema,
} from '../../src/contract/library';
import { idParamsSchema, messageSchema } from '../../src/contract/common';
import { requireUser } from '../plugins/auth';
import { RATE_RULES, rateLimit } from '../plugins/rateLimit';
import { deleteAllPosts, deletePosts, editPostTags } from './postEdits';

const errors = { 400: messageSchema, 401: messageSchema, 429: messageSchema };

/** The library's edits: a post's tags, several posts deleted at once, the whole library deleted. */
export async function postEditsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.put(
    '/posts/:id/tags',
    {
      schema: {
        tags: ['extension'],
        summary:
          "Replace a saved post's tags (trimmed, lower-cased, without a leading #, repeats dropped; letters, digits, spaces and hyphens, at most 40 characters each, at most 20); the post's size moves with them",
        params: idParamsSchema,
        body: editTagsSchema,
        response: { 200: z.object({ post: postSchema }), 404: messageSchema, 413: messageSchema, ...errors },
      },
      preHandler: rateLimit(RATE_RULES.libraryEdit),
    },
    async (request) => ({
      post: await editPostTags(app.ctx, requireUser(request).id, request.params.id, request.body.tags),
    }),
  );

  app.post(
    '/posts/delete',
    {
      schema: {
        tags: ['extension'],
        summary:
          'Delete several saved posts (1 to 500) and their media in one transaction, giving their storage back; ids that are not your posts are skipped',
        body: bulkDeleteSchema,
        response: { 200: deleteResultSchema, ...errors },
      },
      preHandler: rateLimit(RATE_RULES.libraryEdit),
    },
    async (request) => deletePosts(app.ctx, requireUser(request).id, request.body.ids),
  );

  app.post(
    '/posts/delete-all',
    {
      schema: {
        tags: ['extension'],
        summary:
          'Delete every saved post and its media, giving their storage back; the body must be {"confirm": true}',
        body: deleteAllSchema,
        response: { 200: deleteResultSchema, ...errors },
      },
      preHandler: rateLimit(RATE_RULES.deleteAll),
    },
    async (request) => deleteAllPosts(app.ctx, requireUser(request).id),
  );
}
