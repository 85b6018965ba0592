import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  costSummarySchema,
  listParamsSchema,
  suspiciousStatisticsSchema,
  suspiciousUserSchema,
} from '../../src/contract/admin';
import { costByModel, costSummary, suspiciousUsers } from './costService';
import { isPaged, sendTotal } from './adminContext';

export async function costRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/users/suspicious',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Flagged users and users over a threshold, costliest first, with statistics; paged when asked',
        querystring: listParamsSchema,
        response: {
          200: z.object({ users: z.array(suspiciousUserSchema), statistics: suspiciousStatisticsSchema }),
        },
      },
    },
    async (request, reply) => {
      const { users, statistics, total } = await suspiciousUsers(app.ctx, request.query);
      sendTotal(reply, total, isPaged(request.query));
      return { users, statistics };
    },
  );

  app.get(
    '/cost-analysis/summary',
    {
      schema: {
        tags: ['admin'],
        summary: '30 days of AI cost and a month of storage',
        response: { 200: z.object({ summary: costSummarySchema }) },
      },
    },
    async () => ({
      summary: await costSummary(app.ctx),
    }),
  );

  app.get(
    '/cost-analysis/by-model',
    {
      schema: {
        tags: ['admin'],
        summary: 'AI tokens and cost by provider and model over 30 days',
        response: {
          200: z.object({
            models: z.array(
              z.object({ provider: z.string(), model: z.string(), tokens: z.number(), cost: z.number() }),
            ),
          }),
        },
      },
    },
    async () => ({ models: await costByModel(app.ctx) }),
  );
}
