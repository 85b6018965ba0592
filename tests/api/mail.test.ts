import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { registerUser, startTestApp, type TestApp } from './harness';
import { contactMessages, outbox } from '../../src-server/db/schema';
import { multipartBody } from '../fixtures/multipart';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

let smtp: SMTPServer;
const received: Received[] = [];
let t: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString()));
      stream.on('end', () => {
        received.push({
          from: String(session.envelope.mailFrom && session.envelope.mailFrom.address),
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  t = await startTestApp({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    MAIL_FROM: 'Postkeeper <no-reply@postkeeper.test>',
    WEB_URL: 'https://postkeeper.test',
  });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

describe('mail over SMTP', () => {
  it('delivers the reset mail to the SMTP server and marks it sent in the outbox', async () => {
    const { email } = await registerUser(t.app, { email: 'smtp@example.com' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email },
    });
    expect(res.statusCode).toBe(200);
    expect(received).toHaveLength(1);
    expect(received[0].from).toBe('no-reply@postkeeper.test');
    expect(received[0].to).toEqual(['smtp@example.com']);
    expect(received[0].raw).toContain('Subject: Reset your Postkeeper password');
    expect(received[0].raw.replace(/=\r\n/g, '')).toContain(
      'https://postkeeper.test/dashboard/reset-password?token=3D',
    );
    const [row] = await t.db.select().from(outbox);
    expect(row.sentAt).not.toBeNull();
    expect(row.error).toBeNull();
  });
});

describe('mail while the SMTP server is unreachable', () => {
  it('still gives the reset and contact answers, and records the failure in the outbox', async () => {
    // Nothing listens on port 1: delivery fails at once.
    const down = await startTestApp({
      SMTP_URL: 'smtp://127.0.0.1:1',
      SUPPORT_EMAIL: 'help@postkeeper.test',
    });
    try {
      const { email } = await registerUser(down.app, { email: 'no-smtp@example.com' });
      const reset = await down.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        payload: { email },
      });
      expect(reset.statusCode).toBe(200);
      expect(reset.json()).toEqual({
        message: "If an account with that email exists, we've sent you a password reset link.",
      });

      const contact = await down.app.inject({
        method: 'POST',
        url: '/api/contact',
        ...multipartBody({ name: 'Ann', email: 'ann@example.com', message: 'Hello', type: 'contact' }),
      });
      expect(contact.statusCode).toBe(200);
      expect((await down.db.select().from(contactMessages)).map((m) => m.message)).toEqual(['Hello']);

      const rows = await down.db.select().from(outbox);
      expect(rows.map((r) => r.to).sort()).toEqual(['help@postkeeper.test', 'no-smtp@example.com']);
      for (const row of rows) {
        expect(row.sentAt).toBeNull();
        expect(row.error).toBeTruthy();
      }
    } finally {
      await down.close();
    }
  });
});
