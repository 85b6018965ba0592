import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { registerUser, startTestApp, type TestApp } from './harness';
import { outbox } from '../../src-server/db/schema';
import { runJobOnce } from '../../src-server/jobs/jobRunner';
import { startSmtp, type LocalSmtp } from '../fixtures/smtpServer';
import { multipartBody } from '../fixtures/multipart';

function logSink() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, stream, text: () => lines.join('') };
}

async function requestReset(t: TestApp, email: string): Promise<{ link: string; token: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    payload: { email },
  });
  expect(res.statusCode).toBe(200);
  const [row] = await t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, email), eq(outbox.status, 'pending')));
  const link = /https?:\/\/\S+/.exec(row.text ?? '')![0];
  return { link, token: new URL(link).searchParams.get('token')! };
}

const NO_SMTP_WARNING =
  'SMTP_URL is not set: mail (password reset links, contact messages) cannot be delivered';

describe('mail in the production log', () => {
  let smtp: LocalSmtp;
  let t: TestApp;
  const log = logSink();
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTestApp(
      { NODE_ENV: 'production', LOG_LEVEL: 'trace', SMTP_URL: smtp.url },
      { logger: true, logStream: log.stream },
    );
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('never holds a reset link, token or mail body, delivered or failing', async () => {
    const { email } = await registerUser(t.app, { email: 'prod-log@example.com' });
    const first = await requestReset(t, email);
    await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      ...multipartBody({
        name: 'Ann',
        email: 'ann@example.com',
        message: 'secret-contact-words',
        type: 'contact',
      }),
    });
    await runJobOnce(t.app.ctx, 'mail-delivery');
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual([email, t.config.SUPPORT_EMAIL].sort());
    // A failing relay: its errors are logged, the mail is not.
    await smtp.close();
    const second = await requestReset(t, email);
    await runJobOnce(t.app.ctx, 'mail-delivery');

    const text = log.text();
    expect(text).toContain('"msg":"mail queued"');
    expect(text).toContain('"msg":"mail delivery will be retried"');
    expect(text).not.toContain(NO_SMTP_WARNING);
    for (const secret of [
      first.token,
      first.link,
      second.token,
      second.link,
      'reset-password?token=',
      'secret-contact-words',
    ]) {
      expect(text).not.toContain(secret);
    }
  });
});

describe('production without SMTP_URL', () => {
  it('warns once at start that mail cannot be delivered, and still logs no link', async () => {
    const log = logSink();
    const t = await startTestApp(
      { NODE_ENV: 'production', LOG_LEVEL: 'info' },
      { logger: true, logStream: log.stream },
    );
    try {
      const { email } = await registerUser(t.app, { email: 'prod-nosmtp@example.com' });
      const { token } = await requestReset(t, email);
      await requestReset(t, email);
      await runJobOnce(t.app.ctx, 'mail-delivery');
      expect(log.lines.filter((l) => l.includes(NO_SMTP_WARNING))).toHaveLength(1);
      expect(log.lines.find((l) => l.includes(NO_SMTP_WARNING))).toContain('"level":40');
      expect(log.text()).not.toContain(token);
      expect(log.text()).not.toContain('reset-password?token=');
      // The mail waits in the outbox, body and all, until an SMTP server is configured.
      const rows = await t.db.select().from(outbox).where(eq(outbox.to, email));
      expect(rows.map((r) => r.status)).toEqual(['pending', 'pending']);
    } finally {
      await t.close();
    }
  });
});

describe('the embedded demo without SMTP_URL', () => {
  it('logs the reset link, so a newcomer can reset a password offline', async () => {
    const log = logSink();
    const t = await startTestApp({ LOG_LEVEL: 'warn' }, { logger: true, logStream: log.stream });
    try {
      const { email } = await registerUser(t.app, { email: 'demo-offline@example.com' });
      const { link } = await requestReset(t, email);
      const line = log.lines.find((l) => l.includes('mail queued in outbox (no SMTP_URL)'))!;
      expect(JSON.parse(line)).toMatchObject({ to: email, subject: 'Reset your Postkeeper password' });
      expect(JSON.parse(line).text).toContain(link);
      expect(log.text()).not.toContain(NO_SMTP_WARNING);
    } finally {
      await t.close();
    }
  });
});
