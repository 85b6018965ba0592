import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  abuseHistorySchema,
  abuseStatsSchema,
  adminUserSchema,
  flagUserSchema,
} from '../../src/contract/admin';
import { abuseHistory, abuseStats, listFlagged } from './abuseService';
import { startAbuseCheck } from './abuseCheck';
import { clearFlag, flagUser } from './flagService';
import { operator } from './adminContext';
import { adminList } from './listRoute';
import { flaggedFilterSchema, flaggedQuerySchema } from '../../src/contract/adminLists';
import { errorResponses, idParamsSchema, messageSchema } from '../../src/contract/common';

/** Unflag and Mark as Safe both clear the flag; the flag history and the audit log keep which one it was. */
const CLEARS = [
  { method: 'POST', action: 'unflag', summary: 'Clear the abuse flag', done: 'User unflagged' },
  {
    method: 'PATCH',
    action: 'mark-safe',
    summary: 'Mark a suspicious user as safe',
    done: 'User marked as safe',
  },
] as const;

export async function abuseRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  adminList(app, {
    url: '/users/flagged',
    summary:
      'Flagged users, newest flag first, by plan, subscription status, reason category (the text before the first colon) and a search of email or name',
    key: 'users',
    query: flaggedQuerySchema,
    filter: flaggedFilterSchema,
    record: adminUserSchema,
    service: listFlagged,
  });

  app.get(
    '/abuse/stats',
    {
      schema: {
        tags: ['admin'],
        summary: 'Flag statistics and top reasons',
        response: { 200: z.object({ stats: abuseStatsSchema }) },
      },
    },
    async () => ({
      stats: await abuseStats(app.ctx),
    }),
  );

  app.get(
    '/users/:id/abuse-history',
    {
      schema: {
        tags: ['admin'],
        summary: "A user's figures, current violations and flag history",
        params: idParamsSchema,
        response: { 200: z.object({ history: abuseHistorySchema }), ...errorResponses },
      },
    },
    async (request) => ({ history: await abuseHistory(app.ctx, request.params.id) }),
  );

  app.post(
    '/users/:id/flag',
    {
      schema: {
        tags: ['admin'],
        summary: 'Flag a user for abuse',
        params: idParamsSchema,
        body: flagUserSchema,
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request) => {
      await flagUser(app.ctx, operator(request), request.params.id, request.body.reason);
      return { message: 'User flagged' };
    },
  );

  for (const clear of CLEARS) {
    app.route({
      method: clear.method,
      url: `/users/:id/${clear.action}`,
      schema: {
        tags: ['admin'],
        summary: clear.summary,
        params: idParamsSchema,
        response: { 200: messageSchema, ...errorResponses },
      },
      handler: async (request) => {
        await clearFlag(app.ctx, operator(request), request.params.id, clear.action);
        return { message: clear.done };
      },
    });
  }

  app.post(
    '/abuse/check',
    {
      schema: {
        tags: ['admin'],
        summary: 'Start the abuse check in the background',
        description:
          '202 either way. `started: true` with "Abuse check started." when this request started a run; `started: false` with "An abuse check is already running." when one was already going (nothing new starts).',
        response: { 202: z.object({ message: z.string(), started: z.boolean() }) },
      },
    },
    async (request, reply) => {
      const { started } = await startAbuseCheck(app.ctx, operator(request));
      return reply
        .code(202)
        .send({ message: started ? 'Abuse check started.' : 'An abuse check is already running.', started });
    },
  );
}
