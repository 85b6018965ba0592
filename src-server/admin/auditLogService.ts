import { and, asc, desc, eq, gte, ilike, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AuditAction, AuditEntry, AuditTargetType } from '../../src/contract/audit';
import type { AppContext } from '../context';
import { DAY_MS } from '../clock';
import { auditLog, type AuditRow } from '../db/schema';
import { alwaysPaged, isAscending, sortBy, sortMap, type ListQuery } from './listParams';
import { likePattern } from './userRows';

export interface AuditFilters {
  actor?: string;
  action?: AuditAction;
  targetType?: AuditTargetType;
  targetId?: string;
  /** A day (from its start, UTC) or an instant. */
  from?: string;
  /** A day (through its end, UTC) or an instant (inclusive). */
  to?: string;
  /** Words in the entry's sentence. */
  search?: string;
  /** Only these entries (simple-rest's getMany). */
  ids?: string[];
}

const SORTS = sortMap('audit-log', {
  at: auditLog.at,
  id: auditLog.id,
  actor: auditLog.actor,
  action: auditLog.action,
  targetType: auditLog.targetType,
  targetId: auditLog.targetId,
} satisfies Record<string, PgColumn>);

const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);
const dayStart = (v: string) => new Date(`${v}T00:00:00.000Z`);

export function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: Number(row.id),
    at: row.at.toISOString(),
    actor: row.actor,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId ?? null,
    summary: row.summary,
    before: row.before ?? null,
    after: row.after ?? null,
  };
}

export function auditWhere(f: AuditFilters): SQL | undefined {
  const conds: (SQL | undefined)[] = [];
  // Operators' emails are stored lower-case, as their accounts are.
  const actor = f.actor?.trim();
  const targetId = f.targetId?.trim();
  if (actor) conds.push(eq(auditLog.actor, actor.toLowerCase()));
  if (f.action) conds.push(eq(auditLog.action, f.action));
  if (f.targetType) conds.push(eq(auditLog.targetType, f.targetType));
  if (targetId) conds.push(eq(auditLog.targetId, targetId));
  if (f.from) conds.push(gte(auditLog.at, isDay(f.from) ? dayStart(f.from) : new Date(f.from)));
  if (f.to)
    conds.push(
      isDay(f.to)
        ? lt(auditLog.at, new Date(dayStart(f.to).getTime() + DAY_MS))
        : lte(auditLog.at, new Date(f.to)),
    );
  const term = f.search?.trim();
  if (term) conds.push(ilike(auditLog.summary, likePattern(term)));
  if (f.ids) {
    const ids = f.ids.filter((id) => /^\d{1,15}$/.test(id)).map(Number);
    conds.push(ids.length ? inArray(auditLog.id, ids) : sql`false`);
  }
  return and(...conds);
}

/** GET /admin/audit-log: one page, newest first unless another sort key is given, and the matching total. */
export async function listAuditLog(
  ctx: AppContext,
  f: AuditFilters,
  params: ListQuery,
): Promise<{ entries: AuditEntry[]; total: number }> {
  const where = auditWhere(f);
  const column = sortBy(SORTS, params.sort, 'at');
  const dir = isAscending(params) ? asc : desc;
  const { limit, offset } = alwaysPaged(params);
  // Entries written in the same instant keep the order they were written in.
  const list = await ctx.db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(dir(column), ...(column === auditLog.id ? [] : [dir(auditLog.at), dir(auditLog.id)]))
    .limit(limit)
    .offset(offset);
  const [{ n }] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(where);
  return { entries: list.map(toAuditEntry), total: Number(n) };
}
