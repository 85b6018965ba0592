import type { AppContext } from '../context';
import type { Tx } from '../db/connect';
import { outbox } from '../db/schema';
import type { MailMessage } from './mailer';

export const MAIL_JOB = 'mail-delivery';

/**
 * Runs `work` in a transaction and writes the mails it queues to the outbox in that same transaction, so a mail
 * exists exactly when the work it reports on was saved. The request never waits for SMTP: after the commit it
 * only nudges the delivery job.
 */
export async function withOutbox<T>(
  ctx: AppContext,
  work: (tx: Tx, queue: (message: MailMessage) => void) => Promise<T>,
): Promise<T> {
  const queued: { id: string; message: MailMessage }[] = [];
  const result = await ctx.db.transaction(async (tx) => {
    const messages: MailMessage[] = [];
    const value = await work(tx, (m) => messages.push(m));
    if (messages.length) {
      const now = ctx.clock.now();
      const rows = await tx
        .insert(outbox)
        .values(
          messages.map((m) => ({
            to: m.to,
            subject: m.subject,
            text: m.text,
            html: m.html ?? null,
            replyTo: m.replyTo ?? null,
            createdAt: now,
            nextAttemptAt: now,
          })),
        )
        .returning({ id: outbox.id });
      rows.forEach((r, i) => queued.push({ id: r.id, message: messages[i] }));
    }
    return value;
  });
  for (const { id, message } of queued) logQueued(ctx, id, message);
  if (queued.length) ctx.jobs.nudge(MAIL_JOB);
  return result;
}

/**
 * Production never logs a mail's body, links or tokens. The embedded demo without SMTP logs the whole mail, so a
 * newcomer can open a reset link offline.
 */
function logQueued(ctx: AppContext, id: string, message: MailMessage): void {
  if (ctx.config.NODE_ENV === 'production') {
    ctx.log.info({ outboxId: id, subject: message.subject }, 'mail queued');
  } else if (!ctx.mailer.configured) {
    ctx.log.warn(
      { outboxId: id, to: message.to, subject: message.subject, text: message.text },
      'mail queued in outbox (no SMTP_URL)',
    );
  } else {
    ctx.log.info({ outboxId: id, to: message.to, subject: message.subject }, 'mail queued');
  }
}
