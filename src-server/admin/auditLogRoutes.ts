import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listParamsSchema, TOTAL_COUNT_HEADER } from '../../src/contract/admin';
import { auditEntrySchema, auditLogQuerySchema } from '../../src/contract/audit';
import { listAuditLog } from './auditLogService';
import { ALWAYS_PAGED_NOTE } from './adminContext';
import { idsOf, restArray, restFilter, sendRestList, simpleRestOf } from './simpleRest';
import { auditLogFilterSchema } from '../../src/contract/adminLists';
import { messageSchema } from '../../src/contract/common';

/**
 * The audit log, read-only: records are written only by admin/audited.ts and deleted only by the retention
 * job, so there is deliberately no update or delete route here.
 */
export async function auditLogRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/audit-log',
    {
      schema: {
        tags: ['admin'],
        summary: 'Operator changes, newest first, by actor, action, target and date range',
        description: ALWAYS_PAGED_NOTE,
        querystring: auditLogQuerySchema.extend(listParamsSchema.shape),
        response: {
          200: z.union([z.object({ entries: z.array(auditEntrySchema) }), restArray(auditEntrySchema)]),
          400: messageSchema,
          401: messageSchema,
          403: messageSchema,
        },
      },
    },
    async (request, reply) => {
      const rest = simpleRestOf(request.query);
      if (rest) {
        const { q, id, ...f } = restFilter(auditLogFilterSchema, rest.filter);
        const { entries, total } = await listAuditLog(
          app.ctx,
          { ...f, search: q, ids: idsOf(id) },
          rest.params,
        );
        return sendRestList(reply, 'audit-log', entries, rest.params, total);
      }
      const { actor, action, targetType, targetId, from, to, ...params } = request.query;
      const { entries, total } = await listAuditLog(
        app.ctx,
        { actor, action, targetType, targetId, from, to },
        params,
      );
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return { entries };
    },
  );
}
