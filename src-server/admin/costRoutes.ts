import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  costSummarySchema,
  suspiciousStatisticsSchema,
  suspiciousUserSchema,
} from '../../src/contract/admin';
import { costByModel, costSummary, suspiciousUsers } from './costService';
import { adminList } from './listRoute';
import { suspiciousFilterSchema, suspiciousQuerySchema } from '../../src/contract/adminLists';

export async function costRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  adminList(app, {
    url: '/users/suspicious',
    summary:
      'Flagged users and users over a threshold, costliest first, with statistics of everyone; by plan, status (flagged or suspicious), a rule broken (reason) and a search of email or name',
    key: 'users',
    query: suspiciousQuerySchema,
    filter: suspiciousFilterSchema,
    record: suspiciousUserSchema,
    answer: z.object({ users: z.array(suspiciousUserSchema), statistics: suspiciousStatisticsSchema }),
    service: suspiciousUsers,
  });

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
