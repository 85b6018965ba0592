import nodemailer from 'nodemailer';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { outbox } from '../db/schema';
import type { Db } from '../db/connect';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Every mail is written to the outbox. With SMTP_URL it is also sent over SMTP; without it, the embedded
 * default logs that it is waiting there, so the product works offline.
 */
export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  db: Db;
  log: FastifyBaseLogger;
}): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    async send(message) {
      const [row] = await opts.db
        .insert(outbox)
        .values({ to: message.to, subject: message.subject, text: message.text, html: message.html })
        .returning({ id: outbox.id });
      if (!transport) {
        // Without SMTP the embedded default must still be usable offline: the mail, links included, goes to the log.
        opts.log.warn(
          { outboxId: row.id, to: message.to, subject: message.subject, text: message.text },
          'mail queued in outbox (no SMTP_URL)',
        );
        return;
      }
      try {
        await transport.sendMail({ from: opts.from, ...message });
        await opts.db.update(outbox).set({ sentAt: new Date() }).where(eqId(row.id));
      } catch (err) {
        await opts.db
          .update(outbox)
          .set({ error: String((err as Error).message) })
          .where(eqId(row.id));
        opts.log.error({ outboxId: row.id, err: (err as Error).message }, 'mail delivery failed');
        throw err;
      }
    },
  };
}

const eqId = (id: string) => eq(outbox.id, id);
