import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

/** The SMTP side of mail. Requests never call it: they write to the outbox, and the delivery job sends. */
export interface Mailer {
  /** False without SMTP_URL: mail then waits in the outbox. */
  readonly configured: boolean;
  send(message: MailMessage): Promise<void>;
}

/** Builds the SMTP transport once per process; timeouts keep one stuck relay from holding the worker's lease. */
export function createMailer(opts: { smtpUrl?: string; from: string }): Mailer {
  const transport = opts.smtpUrl
    ? nodemailer.createTransport({
        url: opts.smtpUrl,
        connectionTimeout: 15_000,
        greetingTimeout: 15_000,
        socketTimeout: 30_000,
      } as unknown as Parameters<typeof nodemailer.createTransport>[0])
    : null;
  return {
    configured: transport !== null,
    async send(message) {
      if (!transport) throw new Error('SMTP_URL is not set');
      await transport.sendMail({ from: opts.from, ...message });
    },
  };
}
