import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { libraryFacetsSchema, libraryFilterSchema, libraryStatsSchema } from '../../src/contract/library';
import { messageSchema } from '../../src/contract/common';
import { requireUser } from '../plugins/auth';
import { libraryFacets } from './libraryFacets';
import { libraryStats } from './libraryStats';

const errors = { 400: messageSchema, 401: messageSchema };
const FILTERS =
  'Filters: q (search, as GET /api/ext/posts searches), tag (repeatable, every one on the post), platform ' +
  '(repeatable, any of them), category.';

/** The library page's counts: its sidebar and its analytics, one call each, counted in SQL. */
export async function libraryRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/library/facets',
    {
      schema: {
        tags: ['extension'],
        summary: 'Counts of the matching posts by platform, tag (the 50 most used) and category',
        description: `${FILTERS} A facet's counts leave its own filter out (platform counts ignore the platform filter, category counts the category one), so the sidebar shows what another choice would add.`,
        querystring: libraryFilterSchema,
        response: { 200: libraryFacetsSchema, ...errors },
      },
    },
    async (request) => libraryFacets(app.ctx, requireUser(request).id, request.query),
  );

  app.get(
    '/library/stats',
    {
      schema: {
        tags: ['extension'],
        summary:
          'Analytics of the matching posts: saves per week for the last 12 weeks (Monday starts, UTC, zero-filled), by platform, top 10 tags and authors',
        description: FILTERS,
        querystring: libraryFilterSchema,
        response: { 200: libraryStatsSchema, ...errors },
      },
    },
    async (request) => libraryStats(app.ctx, requireUser(request).id, request.query, app.ctx.clock.now()),
  );
}
