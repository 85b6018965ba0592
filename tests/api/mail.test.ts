import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { registerUser, startTestApp, withTestApp, type TestApp } from './harness';
import { contactMessages, outbox } from '../../src-server/db/schema';
import { connect, type Database } from '../../src-server/db/connect';
import type { AppContext } from '../../src-server/context';
import { runJobOnce } from '../../src-server/jobs/jobRunner';
import { claimOutbox, deliverOutbox } from '../../src-server/mail/outboxWorker';
import { multipartBody } from '../fixtures/multipart';
import { startSmtp, type LocalSmtp } from '../fixtures/smtpServer';

let smtp: LocalSmtp;
let t: TestApp;
/** A second connection to the same database, as another API process would have (PGlite: the same one). */
let second: Database | null = null;
let otherCtx: AppContext;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Postkeeper <no-reply@postkeeper.test>',
    WEB_URL: 'https://postkeeper.test',
    SUPPORT_EMAIL: 'help@postkeeper.test',
  });
  if (t.config.DATABASE_URL) second = await connect({ databaseUrl: t.config.DATABASE_URL });
  otherCtx = { ...t.app.ctx, db: second?.db ?? t.db };
});
afterAll(async () => {
  await second?.close();
  await t.close();
  await smtp.close();
});

const contact = (app: TestApp, message: string) =>
  app.app.inject({
    method: 'POST',
    url: '/api/contact',
    ...multipartBody({ name: 'Ann', email: 'ann@example.com', message, type: 'contact' }),
  });
/** Asks for a reset link for `email`, as the forgot-password form does. */
const requestReset = (on: TestApp, email: string) =>
  on.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email } });
const rowsTo = (db: TestApp['db'], to: string) =>
  db.select().from(outbox).where(eq(outbox.to, to)).orderBy(asc(outbox.createdAt));

describe('mail over SMTP', () => {
  it('answers the reset request without sending; the mail job delivers it and then keeps no body', async () => {
    const { email } = await registerUser(t.app, { email: 'smtp@example.com' });
    const res = await requestReset(t, email);
    expect(res.statusCode).toBe(200);
    expect(smtp.received).toHaveLength(0);
    const [queued] = await rowsTo(t.db, email);
    expect(queued).toMatchObject({ status: 'pending', attempts: 0, sentAt: null });
    expect(queued.text).toContain('https://postkeeper.test/dashboard/reset-password?token=');

    expect(await runJobOnce(t.app.ctx, 'mail-delivery')).toEqual({ name: 'mail-delivery', ran: true });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0].from).toBe('no-reply@postkeeper.test');
    expect(smtp.received[0].to).toEqual(['smtp@example.com']);
    expect(smtp.received[0].raw).toContain('Subject: Reset your Postkeeper password');
    expect(smtp.received[0].raw.replace(/=\r\n/g, '')).toContain(
      'https://postkeeper.test/dashboard/reset-password?token=3D',
    );
    const [row] = await rowsTo(t.db, email);
    expect(row).toMatchObject({
      to: 'smtp@example.com',
      subject: 'Reset your Postkeeper password',
      status: 'sent',
      attempts: 1,
      text: null,
      html: null,
      replyTo: null,
      error: null,
    });
    expect(row.sentAt).not.toBeNull();
  });

  it('sends the contact mail to support with the sender as reply-to', async () => {
    const before = smtp.received.length;
    expect((await contact(t, 'Reply to me, please')).statusCode).toBe(200);
    await runJobOnce(t.app.ctx, 'mail-delivery');
    const mail = smtp.received.slice(before);
    expect(mail).toHaveLength(1);
    expect(mail[0].to).toEqual(['help@postkeeper.test']);
    expect(mail[0].raw).toContain('Reply-To: ann@example.com');
    expect(mail[0].raw).toContain('Reply to me, please');
  });

  it('delivers each mail exactly once when two workers drain the outbox together', async () => {
    const before = smtp.received.length;
    for (let i = 0; i < 12; i++) expect((await contact(t, `parallel mail ${i}`)).statusCode).toBe(200);
    const [a, b] = await Promise.all([
      deliverOutbox(t.app.ctx, 'worker-a'),
      deliverOutbox(otherCtx, 'worker-b'),
    ]);
    expect(a.sent + b.sent).toBe(12);
    const bodies = smtp.received.slice(before).map((m) => /parallel mail (\d+)/.exec(m.raw)![1]);
    expect(bodies.sort((x, y) => Number(x) - Number(y))).toEqual(
      Array.from({ length: 12 }, (_, i) => String(i)),
    );
    const rows = await rowsTo(t.db, 'help@postkeeper.test');
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1 && r.text === null)).toBe(true);
  });

  it('lets another worker take over a mail whose worker died after claiming it', async () => {
    const before = smtp.received.length;
    expect((await contact(t, 'orphaned mail')).statusCode).toBe(200);
    expect(await claimOutbox(t.app.ctx, 'worker-that-dies')).toHaveLength(1);
    // Its claim is still fresh: nobody else sends it.
    expect((await deliverOutbox(otherCtx, 'worker-b')).sent).toBe(0);
    t.clock.advance(5 * 60_000 + 1000);
    expect((await deliverOutbox(otherCtx, 'worker-b')).sent).toBe(1);
    expect(smtp.received.slice(before).map((m) => m.raw.includes('orphaned mail'))).toEqual([true]);
  });
});

describe('mail while the SMTP server is unreachable', () => {
  it('gives the same answers, retries with exponential backoff, then marks the mail failed with the error', async () => {
    // Nothing listens on port 1: each delivery fails at once.
    await withTestApp(
      { SMTP_URL: 'smtp://127.0.0.1:1', SUPPORT_EMAIL: 'help@postkeeper.test' },
      async (down) => {
        const { email } = await registerUser(down.app, { email: 'no-smtp@example.com' });
        const reset = await requestReset(down, email);
        expect(reset.statusCode).toBe(200);
        expect(reset.json()).toEqual({
          message: "If an account with that email exists, we've sent you a password reset link.",
        });
        expect((await contact(down, 'Hello')).statusCode).toBe(200);
        expect((await down.db.select().from(contactMessages)).map((m) => m.message)).toEqual(['Hello']);

        const row = async () => (await rowsTo(down.db, email))[0];
        const waits: number[] = [];
        for (let attempt = 1; attempt <= 4; attempt++) {
          await runJobOnce(down.app.ctx, 'mail-delivery');
          const r = await row();
          expect(r).toMatchObject({ status: 'pending', attempts: attempt });
          expect(r.error).toMatch(/ECONNREFUSED|connect/i);
          expect(r.text).toContain('reset-password?token=');
          const wait = r.nextAttemptAt.getTime() - down.clock.now().getTime();
          waits.push(wait);
          // Not due yet: running the job again leaves it alone.
          await runJobOnce(down.app.ctx, 'mail-delivery');
          expect((await row()).attempts).toBe(attempt);
          down.clock.advance(wait);
        }
        expect(waits).toEqual([60_000, 120_000, 240_000, 480_000]);
        await runJobOnce(down.app.ctx, 'mail-delivery');
        const failed = await row();
        expect(failed).toMatchObject({ status: 'failed', attempts: 5, text: null, sentAt: null });
        expect(failed.error).toMatch(/ECONNREFUSED|connect/i);
        const support = await rowsTo(down.db, 'help@postkeeper.test');
        expect(support.map((r) => r.status)).toEqual(['failed']);
      },
    );
  });
});
