import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { registerUser, startTestApp, type TestApp } from './harness';
import { outbox } from '../../src-server/db/schema';
import { startSmtp, type LocalSmtp } from '../fixtures/smtpServer';

// The one timing measurement the product promises: a reset request for a real account must not take
// measurably longer than one for an unknown address, even when the mail relay is slow.
const ROUNDS = 15;
let smtp: LocalSmtp;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtp({ stepDelayMs: 400 });
  // The job runner is on, as in a real server: queued mail is delivered in the background meanwhile.
  t = await startTestApp({ SMTP_URL: smtp.url }, { runJobs: true });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function timedRequest(email: string): Promise<number> {
  const start = process.hrtime.bigint();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    payload: { email },
  });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  expect(res.statusCode).toBe(200);
  return ms;
}

describe('reset request timing with a slow SMTP relay (400 ms a step)', () => {
  it('answers a known and an unknown account in the same time', async () => {
    const { email } = await registerUser(t.app, { email: 'timing@example.com' });
    // Warm both paths once, so the first compile of each query is not measured.
    await timedRequest(email);
    await timedRequest('nobody-warm@example.com');
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      known.push(await timedRequest(email));
      unknown.push(await timedRequest(`nobody-${i}@example.com`));
    }
    const k = median(known);
    const u = median(unknown);
    console.log(
      `reset timing (${ROUNDS} requests each, SMTP 400 ms/step): known median ${k.toFixed(1)} ms, unknown median ${u.toFixed(1)} ms, difference ${Math.abs(k - u).toFixed(1)} ms`,
    );
    expect(Math.abs(k - u)).toBeLessThan(50);
    // A slow relay step alone takes 400 ms: no known-account answer waited for SMTP.
    expect(Math.max(...known)).toBeLessThan(400);

    // The mails still go out, in the background.
    const deadline = Date.now() + 20_000;
    while (smtp.received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(smtp.received.length).toBeGreaterThan(0);
    expect(smtp.received[0].to).toEqual(['timing@example.com']);
    const rows = await t.db.select().from(outbox).where(eq(outbox.to, 'timing@example.com'));
    expect(rows).toHaveLength(ROUNDS + 1);
  });
});
