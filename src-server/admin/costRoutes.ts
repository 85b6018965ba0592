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
import { restArray, restListFilter, sendRestList, simpleRestOf, withId } from './simpleRest';
import { suspiciousFilterSchema, suspiciousQuerySchema } from '../../src/contract/adminLists';
import { messageSchema } from '../../src/contract/common';

export async function costRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/users/suspicious',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Flagged users and users over a threshold, costliest first, with statistics of everyone; by plan, status (flagged or suspicious), a rule broken (reason) and a search of email or name; paged when asked',
        querystring: suspiciousQuerySchema.extend(listParamsSchema.shape),
        response: {
          200: z.union([
            z.object({ users: z.array(suspiciousUserSchema), statistics: suspiciousStatisticsSchema }),
            restArray(suspiciousUserSchema),
          ]),
          400: messageSchema,
        },
      },
    },
    async (request, reply) => {
      const rest = simpleRestOf(request.query);
      if (rest) {
        const { users, total } = await suspiciousUsers(
          app.ctx,
          restListFilter(suspiciousFilterSchema, rest.filter),
          rest.params,
        );
        return sendRestList(reply, 'suspicious', users.map(withId), rest.params, total);
      }
      const { plan, status, reason, search, ...params } = request.query;
      const { users, statistics, total } = await suspiciousUsers(
        app.ctx,
        { plan, status, reason, search },
        params,
      );
      sendTotal(reply, total, isPaged(params));
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
