import { describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { bearer, registerUser, sharedTestApp } from './harness';
import { findOrCreateGoogleUser } from '../../src-server/auth/googleAccount';
import { resetPassword } from '../../src-server/auth/passwordReset';
import { passwordResets, users } from '../../src-server/db/schema';
import { hashToken } from '../../src-server/auth/tokens';

// A password check takes tens of milliseconds. These tests hold a sign-in right after its check, so that
// what the owner does in that window happens at a known point instead of by luck.
const gate = vi.hoisted(() => ({ held: null as null | { reached: () => void; release: Promise<void> } }));
vi.mock('../../src-server/auth/passwords', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src-server/auth/passwords')>();
  return {
    ...real,
    verifyPassword: async (stored: string | null, password: string) => {
      const ok = await real.verifyPassword(stored, password);
      const held = gate.held;
      if (held) {
        gate.held = null;
        held.reached();
        await held.release;
      }
      return ok;
    },
  };
});

/** Starts a sign-in, and runs `meanwhile` after its password check and before it opens a session. */
async function signInAround(email: string, password: string, meanwhile: () => Promise<unknown>) {
  let reached!: () => void;
  let release!: () => void;
  const atCheck = new Promise<void>((r) => (reached = r));
  gate.held = { reached, release: new Promise<void>((r) => (release = r)) };
  const attempt = t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  await atCheck;
  await meanwhile();
  release();
  return attempt;
}

const t = sharedTestApp();

describe('a password sign-in under way when the password stops being valid', () => {
  it('opens no session when the owner links Google during the check', async () => {
    const { email } = await registerUser(t.app, {
      email: 'race-google@company.test',
      password: 'squat-pw-1',
    });
    const res = await signInAround(email, 'squat-pw-1', () =>
      findOrCreateGoogleUser(t.app.ctx, { sub: 'g-race', email, emailVerified: true, name: 'Owner' }),
    );
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Invalid email or password' });
  });

  it('opens no session when the password is reset during the check', async () => {
    const { email } = await registerUser(t.app, { email: 'race-reset@company.test', password: 'old-pw-1' });
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    await t.db.insert(passwordResets).values({
      userId: user.id,
      tokenHash: hashToken('race-reset-token'),
      expiresAt: new Date(t.clock.now().getTime() + 60_000),
    });
    const res = await signInAround(email, 'old-pw-1', () =>
      resetPassword(t.app.ctx, 'race-reset-token', 'new-pw-1'),
    );
    expect(res.statusCode).toBe(401);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'new-pw-1' },
    });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(ok.json().token) });
    expect(me.statusCode).toBe(200);
  });
});
