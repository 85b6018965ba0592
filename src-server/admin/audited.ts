import type { AuditAction, AuditTargetType } from '../../src/contract/audit';
import type { Db } from '../db/connect';
import { auditLog } from '../db/schema';

/**
 * Who makes an admin change. Routes get it from operator(request), one per request; tests and jobs build their
 * own. Its identity (not just the email) tells the audit guard that this request's change was recorded.
 */
export interface Actor {
  readonly email: string;
}

export interface AuditRecord {
  at: Date;
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string | null;
  /** A human sentence: what the operator did, to whom. */
  summary: string;
  /** The changed fields as they were (null when the target is created) and as they are now (null when deleted). */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

const recorded = new WeakSet<Actor>();

/**
 * The one place audit records are written. Admin services call it inside the transaction of their change, so
 * the change and its record are committed together or not at all.
 */
export async function audited(tx: Db, actor: Actor, record: AuditRecord): Promise<void> {
  await tx.insert(auditLog).values({ ...record, actor: actor.email });
  recorded.add(actor);
}

/** Whether `audited` wrote a record for this actor (the audit guard asks after each admin write). */
export const hasAudited = (actor: Actor): boolean => recorded.has(actor);
