import type { FastifyInstance } from 'fastify';
import { auditEntrySchema, auditLogQuerySchema } from '../../src/contract/audit';
import { listAuditLog } from './auditLogService';
import { adminList } from './listRoute';
import { auditLogFilterSchema } from '../../src/contract/adminLists';

/**
 * The audit log, read-only: records are written only by admin/audited.ts and deleted only by the retention
 * job, so there is deliberately no update or delete route here.
 */
export async function auditLogRoutes(app: FastifyInstance): Promise<void> {
  adminList(app, {
    url: '/audit-log',
    summary: 'Operator changes, newest first, by actor, action, target and date range',
    key: 'entries',
    query: auditLogQuerySchema,
    filter: auditLogFilterSchema,
    record: auditEntrySchema,
    alwaysPaged: true,
    service: listAuditLog,
  });
}
