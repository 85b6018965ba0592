import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bearer, outboxFor, registerUser, sharedTestApp } from './harness';
import { passwordResets, users } from '../../src-server/db/schema';
import { hashToken } from '../../src-server/auth/tokens';

const t = sharedTestApp({ WEB_URL: 'https://app.postkeeper.test' });

const SAME_ANSWER = "If an account with that email exists, we've sent you a password reset link.";
const INVALID = 'This reset link is invalid or has expired. Please request a new password reset.';
const resetWith = (token: string, newPassword: string) =>
  post('/api/auth/reset-password', { token, newPassword });
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });

async function requestLink(email: string, headers: Record<string, string> = {}): Promise<string> {
  const res = await post('/api/auth/request-password-reset', { email }, headers);
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ message: SAME_ANSWER });
  const [mail] = await outboxFor(t.db, email);
  const link = /https?:\/\/\S+/.exec(mail.text)![0];
  return link;
}
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

describe('password reset', () => {
  it('mails a link built from WEB_URL (never the Host header), resets the password and signs out every session', async () => {
    const { email, token: oldSession } = await registerUser(t.app, { email: 'reset@example.com' });
    const link = await requestLink(email, { host: 'evil.example', 'x-forwarded-host': 'evil.example' });
    expect(link.startsWith('https://app.postkeeper.test/dashboard/reset-password?token=')).toBe(true);
    const [mail] = await outboxFor(t.db, email);
    expect(mail.subject).toBe('Reset your Postkeeper password');
    // Only the hash of the token is stored.
    const rows = await t.db.select().from(passwordResets);
    expect(rows.some((r) => r.tokenHash === tokenOf(link))).toBe(false);

    const res = await resetWith(tokenOf(link), 'brand-new-1');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(
      'Your password has been updated. You can now sign in with your new password.',
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(oldSession) })).statusCode,
    ).toBe(401);
    expect((await post('/api/auth/login', { email, password: 'correct-horse-1' })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email, password: 'brand-new-1' })).statusCode).toBe(200);
  });

  it('gives an unknown email the very same answer and sends nothing', async () => {
    const res = await post('/api/auth/request-password-reset', { email: 'ghost@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: SAME_ANSWER });
    expect(await outboxFor(t.db, 'ghost@example.com')).toHaveLength(0);
  });

  it('lets only one of two concurrent uses of a link succeed', async () => {
    const { email } = await registerUser(t.app, { email: 'race@example.com' });
    const token = tokenOf(await requestLink(email));
    const results = await Promise.all([resetWith(token, 'first-pass-1'), resetWith(token, 'second-pass-1')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.statusCode === 400)!.json()).toEqual({ message: INVALID });
    const winner = results[0].statusCode === 200 ? 'first-pass-1' : 'second-pass-1';
    expect((await post('/api/auth/login', { email, password: winner })).statusCode).toBe(200);
  });

  it('refuses a used link, an expired link (after 30 minutes) and a made-up token', async () => {
    const { email } = await registerUser(t.app, { email: 'expiry@example.com' });
    const used = tokenOf(await requestLink(email));
    expect((await resetWith(used, 'another-1')).statusCode).toBe(200);
    expect((await resetWith(used, 'another-2')).json()).toEqual({ message: INVALID });

    const late = tokenOf(await requestLink(email));
    t.clock.advance(30 * 60_000 + 1000);
    const expired = await resetWith(late, 'too-late-1');
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ message: INVALID });
    expect((await resetWith('made-up', 'whatever-1')).json()).toEqual({ message: INVALID });
  });

  it('clears the account’s used and expired links when a new one is requested', async () => {
    const { email } = await registerUser(t.app, { email: 'tidy@example.com' });
    const used = tokenOf(await requestLink(email));
    expect((await resetWith(used, 'tidy-new-1')).statusCode).toBe(200);
    await requestLink(email);
    t.clock.advance(31 * 60_000);
    const fresh = tokenOf(await requestLink(email));
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    const rows = await t.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(rows.map((r) => r.tokenHash)).toEqual([hashToken(fresh)]);
    expect((await resetWith(fresh, 'tidy-new-2')).statusCode).toBe(200);
  });

  it('validates the body with the spec texts and changes nothing', async () => {
    const { email } = await registerUser(t.app, { email: 'short@example.com' });
    const token = tokenOf(await requestLink(email));
    const short = await resetWith(token, '12345');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ message: 'Password must be at least 6 characters long' });
    const missing = await post('/api/auth/reset-password', { newPassword: 'long-enough-1' });
    expect(missing.json()).toEqual({ message: 'Invalid reset token' });
    const [row] = await t.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.tokenHash, (await import('../../src-server/auth/tokens')).hashToken(token)));
    expect(row.usedAt).toBeNull();
  });
});
