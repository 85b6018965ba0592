import { and, asc, eq, inArray, lt, lte, or } from 'drizzle-orm';
import type { AppContext } from '../context';
import { outbox, type OutboxRow } from '../db/schema';

/** A mail is tried this many times in all; then it is marked failed with the last error. */
export const MAX_MAIL_ATTEMPTS = 5;
/** The wait after the first failure; it doubles after each further one (1, 2, 4, 8 minutes). */
export const MAIL_RETRY_BASE_MS = 60_000;
/** A row claimed by a worker that died is claimed again after this. */
export const MAIL_SENDING_LEASE_MS = 5 * 60_000;
const BATCH = 5;

export const retryDelayMs = (attempt: number) => MAIL_RETRY_BASE_MS * 2 ** (attempt - 1);

/**
 * Claims up to `limit` due rows for `owner`. `FOR UPDATE SKIP LOCKED` in the sub-select makes concurrent workers
 * take disjoint rows, and the claim is one statement, committed before any mail is sent: no transaction stays
 * open during SMTP (PGlite has one connection for everything).
 */
export async function claimOutbox(ctx: AppContext, owner: string, limit = BATCH): Promise<OutboxRow[]> {
  const now = ctx.clock.now();
  const due = ctx.db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      or(
        and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, now)),
        and(eq(outbox.status, 'sending'), lt(outbox.leaseUntil, now)),
      ),
    )
    .orderBy(asc(outbox.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return ctx.db
    .update(outbox)
    .set({
      status: 'sending',
      leaseOwner: owner,
      leaseUntil: new Date(now.getTime() + MAIL_SENDING_LEASE_MS),
    })
    .where(
      and(
        inArray(outbox.id, due),
        // Re-checked on the locked row, so a row another worker claimed first is skipped here too.
        or(eq(outbox.status, 'pending'), and(eq(outbox.status, 'sending'), lt(outbox.leaseUntil, now))),
      ),
    )
    .returning();
}

/** Sends one claimed row and records the result; only the worker holding the claim writes it. */
async function deliverRow(
  ctx: AppContext,
  owner: string,
  row: OutboxRow,
): Promise<'sent' | 'retry' | 'failed'> {
  const mine = and(eq(outbox.id, row.id), eq(outbox.leaseOwner, owner));
  const attempt = row.attempts + 1;
  try {
    await ctx.mailer.send({
      to: row.to,
      subject: row.subject,
      text: row.text ?? '',
      ...(row.html ? { html: row.html } : {}),
      ...(row.replyTo ? { replyTo: row.replyTo } : {}),
    });
  } catch (err) {
    const error = String((err as Error)?.message ?? err).slice(0, 500);
    const now = ctx.clock.now();
    const final = attempt >= MAX_MAIL_ATTEMPTS;
    // A mail that finally failed loses its body as a delivered one does: its links have expired by then anyway.
    await ctx.db
      .update(outbox)
      .set(
        final
          ? {
              status: 'failed',
              attempts: attempt,
              error,
              text: null,
              html: null,
              leaseOwner: null,
              leaseUntil: null,
            }
          : {
              status: 'pending',
              attempts: attempt,
              error,
              nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempt)),
              leaseOwner: null,
              leaseUntil: null,
            },
      )
      .where(mine);
    ctx.log.warn(
      { outboxId: row.id, attempt, err },
      final ? 'mail delivery failed' : 'mail delivery will be retried',
    );
    return final ? 'failed' : 'retry';
  }
  // Delivered: the body (reset links, messages) is dropped; recipient, subject and status remain.
  await ctx.db
    .update(outbox)
    .set({
      status: 'sent',
      attempts: attempt,
      sentAt: ctx.clock.now(),
      error: null,
      text: null,
      html: null,
      leaseOwner: null,
      leaseUntil: null,
    })
    .where(mine);
  return 'sent';
}

export interface DeliveryReport {
  sent: number;
  retried: number;
  failed: number;
}

/**
 * The mail job: delivers due outbox rows until none is left. Without SMTP_URL mail waits in the outbox. When the
 * server stops, the rows claimed but not yet sent are handed back at once instead of waiting out their lease.
 */
export async function deliverOutbox(
  ctx: AppContext,
  owner: string,
  stopping?: AbortSignal,
): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, retried: 0, failed: 0 };
  if (!ctx.mailer.configured) return report;
  for (;;) {
    if (stopping?.aborted) return report;
    const rows = await claimOutbox(ctx, owner);
    if (!rows.length) return report;
    for (const [i, row] of rows.entries()) {
      if (stopping?.aborted) {
        await releaseRows(
          ctx,
          owner,
          rows.slice(i).map((r) => r.id),
        );
        return report;
      }
      const result = await deliverRow(ctx, owner, row);
      if (result === 'sent') report.sent++;
      else if (result === 'retry') report.retried++;
      else report.failed++;
    }
  }
}

/** Hands claimed rows back to the queue, due at once. */
async function releaseRows(ctx: AppContext, owner: string, ids: string[]): Promise<void> {
  await ctx.db
    .update(outbox)
    .set({ status: 'pending', leaseOwner: null, leaseUntil: null })
    .where(and(inArray(outbox.id, ids), eq(outbox.leaseOwner, owner), eq(outbox.status, 'sending')));
}
