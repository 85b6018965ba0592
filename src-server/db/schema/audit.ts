import { ts } from './columns';
import { bigserial, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '../../../src/contract/audit';

/**
 * One row per operator change made through the admin API, written by admin/audited.ts in the change's own
 * transaction. Append-only: a trigger (in the migration) refuses updates; only the retention job deletes.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: ts('at').notNull(),
    /** The operator's email. */
    actor: text('actor').notNull(),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    targetType: text('target_type', { enum: AUDIT_TARGET_TYPES }).notNull(),
    targetId: text('target_id'),
    summary: text('summary').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
  },
  (t) => [
    // Newest first, and the retention job's cutoff; each filter of the console's list walks its own index.
    index('audit_log_at_idx').on(t.at, t.id),
    index('audit_log_actor_idx').on(t.actor, t.at),
    index('audit_log_action_idx').on(t.action, t.at),
    index('audit_log_target_idx').on(t.targetId, t.at),
  ],
);

export type AuditRow = typeof auditLog.$inferSelect;
