import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bearer, registerUser, sharedTestApp, logIn } from './harness';
import { sessions, users } from '../../src-server/db/schema';

const t = sharedTestApp();

const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
const revokeAll = (headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sessions/revoke-all', headers });

describe('POST /api/auth/sessions/revoke-all', () => {
  it('revokes every session of the user, the calling one included; other users keep theirs', async () => {
    const erin = await registerUser(t.app, { email: 'erin@example.com' });
    const laptop = await logIn(t.app, erin.email, erin.password);
    const phone = await logIn(t.app, erin.email, erin.password);
    const other = await registerUser(t.app, { email: 'other@example.com' });
    for (const token of [erin.token, laptop, phone, other.token])
      expect((await me(token)).statusCode).toBe(200);

    const res = await revokeAll(bearer(laptop));
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');

    for (const token of [erin.token, laptop, phone]) {
      const after = await me(token);
      expect(after.statusCode).toBe(401);
      expect(after.json()).toEqual({ message: 'Please sign in to continue.' });
    }
    const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, erin.email));
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, row.id))).toHaveLength(0);
    expect((await me(other.token)).json()).toMatchObject({ email: 'other@example.com' });

    // The password still works: signing in again opens a fresh session.
    expect((await me(await logIn(t.app, erin.email, erin.password))).statusCode).toBe(200);
  });

  it('answers 401 with a message without a session, or with a revoked one, and changes nothing', async () => {
    const bystander = await registerUser(t.app);
    const count = async () => (await t.db.select().from(sessions)).length;
    const before = await count();
    for (const headers of [{}, bearer('not-a-real-token'), { authorization: 'Basic abc' }]) {
      const res = await revokeAll(headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Please sign in to continue.' });
    }
    const gone = await registerUser(t.app);
    expect((await revokeAll(bearer(gone.token))).statusCode).toBe(204);
    expect((await revokeAll(bearer(gone.token))).statusCode).toBe(401);
    expect(await count()).toBe(before);
    expect((await me(bystander.token)).statusCode).toBe(200);
  });

  it('is never cached', async () => {
    const { token } = await registerUser(t.app);
    expect((await revokeAll(bearer(token))).headers['cache-control']).toBe('no-store');
  });
});
