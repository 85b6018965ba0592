import { z } from 'zod';
import { queryText } from './queryText';

// The audit log: one entry per operator change made through the admin API.

/** Every action the audit log records; the console's action filter offers these. */
export const AUDIT_ACTIONS = [
  'user.ads',
  'user.plan',
  'user.flag',
  'user.unflag',
  'user.mark-safe',
  'user.revoke-sessions',
  'user.role',
  'coupon.create',
  'coupon.update',
  'coupon.delete',
  'ai-config.update',
  'ai-config.reset',
  'abuse-check.start',
  'message.status',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an entry's targetId names; the console links each entry to its target by this. */
export const AUDIT_TARGET_TYPES = ['user', 'coupon', 'ai-config', 'abuse-check', 'message'] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** The changed fields, before and after the change (null for a creation's before or a deletion's after). */
const changedFields = z.record(z.string(), z.unknown()).nullable();

export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  /** The operator's email. */
  actor: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  targetType: z.enum(AUDIT_TARGET_TYPES),
  targetId: z.string().nullable(),
  /** A human sentence, e.g. "Disabled ads for sam@example.com". */
  summary: z.string(),
  before: changedFields,
  after: changedFields,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** A day (the whole day) or an instant. */
const dayOrInstant = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: 'must be a date (YYYY-MM-DD) or an ISO date-time',
});

export const auditLogQuerySchema = z.object({
  actor: queryText('actor', 320).optional(),
  action: z.enum(AUDIT_ACTIONS, { error: `action must be one of: ${AUDIT_ACTIONS.join(', ')}` }).optional(),
  targetType: z.enum(AUDIT_TARGET_TYPES).optional(),
  targetId: queryText('targetId', 100).optional(),
  from: dayOrInstant.optional(),
  to: dayOrInstant.optional(),
});
