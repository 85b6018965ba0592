import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bearer, registerUser } from './harness';
import { sharedGoogleApp } from './googleHarness';
import { accountEvents, passwordResets, users } from '../../src-server/db/schema';
import { hashToken } from '../../src-server/auth/tokens';

// Someone registered the owner's address first; the owner then signs in with Google and proves it.
const { t, google, signInWithGoogle, sessionFrom } = sharedGoogleApp();

const logIn = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

/** Registers `email` with `password` and gives it an unused reset link whose token is `token`. */
async function withResetLink(email: string, password: string, token: string) {
  await registerUser(t.app, { email, password });
  const [user] = await t.db.select().from(users).where(eq(users.email, email));
  await t.db.insert(passwordResets).values({
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(t.clock.now().getTime() + 20 * 60_000),
  });
  return user;
}
const resetPassword = (token: string, newPassword: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword } });

describe('Google sign-in on an account someone registered before the owner', () => {
  it.each([
    ['an ordinary address', 'owner@company.test', 'user', 403],
    ['an address on ADMIN_EMAILS', 'boss@company.test', 'admin', 200],
  ])(
    'for %s: the old password and sessions stop working, the new session works',
    async (_label, email, role, consoleStatus) => {
      // The squatter registers the address and keeps two sessions; the console is closed to them.
      const first = (await registerUser(t.app, { email, password: 'squatter-pw-1' })).token;
      const second = (await logIn(email, 'squatter-pw-1')).json().token as string;
      expect((await get('/api/auth/me', first)).json()).toMatchObject({ role: 'user', emailVerified: false });
      expect((await get('/api/admin/overview', first)).statusCode).toBe(403);

      // The owner proves the address through Google.
      google.signInAs({ sub: `g-owner-${role}`, email, email_verified: true, name: 'Real Owner' });
      const token = await sessionFrom(await signInWithGoogle());

      const login = await logIn(email, 'squatter-pw-1');
      expect(login.statusCode).toBe(401);
      expect(login.json()).toEqual({ message: 'Invalid email or password' });
      for (const old of [first, second]) {
        expect((await get('/api/auth/me', old)).statusCode).toBe(401);
        expect((await get('/api/admin/overview', old)).statusCode).toBe(401);
      }
      const me = await get('/api/auth/me', token);
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ email, role, emailVerified: true });
      expect((await get('/api/admin/overview', token)).statusCode).toBe(consoleStatus);

      const [row] = await t.db.select().from(users).where(eq(users.email, email));
      expect(row.passwordHash).toBeNull();
      const events = await t.db.select().from(accountEvents).where(eq(accountEvents.userId, row.id));
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        kind: 'google-linked',
        detail: { emailWasVerified: false, passwordRemoved: true, sessionsRevoked: 2, role },
      });
    },
  );

  it('voids reset links the squatter asked for before the owner proved the address', async () => {
    const email = 'links@company.test';
    await withResetLink(email, 'squatter-pw-1', 'pending-reset-token');
    google.signInAs({ sub: 'g-links', email, email_verified: true, name: 'Owner' });
    await signInWithGoogle();
    const reset = await resetPassword('pending-reset-token', 'taken-over-1');
    expect(reset.statusCode).toBe(400);
    expect((await logIn(email, 'taken-over-1')).statusCode).toBe(401);
  });

  it('keeps the password of an account whose owner had already proved the address by a reset link', async () => {
    const email = 'proven@company.test';
    const user = await withResetLink(email, 'first-pw-1', 'owner-reset-token');
    const reset = await resetPassword('owner-reset-token', 'owners-pw-1');
    expect(reset.statusCode).toBe(200);
    const session = (await logIn(email, 'owners-pw-1')).json().token as string;
    expect((await get('/api/auth/me', session)).json().emailVerified).toBe(true);

    google.signInAs({ sub: 'g-proven', email, email_verified: true, name: 'Owner' });
    const token = await sessionFrom(await signInWithGoogle());
    expect((await get('/api/auth/me', token)).statusCode).toBe(200);
    expect((await get('/api/auth/me', session)).statusCode).toBe(200);
    expect((await logIn(email, 'owners-pw-1')).statusCode).toBe(200);
    const [event] = await t.db.select().from(accountEvents).where(eq(accountEvents.userId, user.id));
    expect(event.detail).toEqual({
      emailWasVerified: true,
      passwordRemoved: false,
      sessionsRevoked: 0,
      role: 'user',
    });
  });
});
