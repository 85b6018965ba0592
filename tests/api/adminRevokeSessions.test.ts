import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bearer, registerUser, sharedTestApp, logIn } from './harness';
import { sharedAdminSession } from './fixtures';
import { auditLog, sessions, users } from '../../src-server/db/schema';

const t = sharedTestApp();
const admin = sharedAdminSession(t, 'signer-outer@example.com');

const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
const revoke = (id: string, headers: Record<string, string> = admin.headers) =>
  t.app.inject({ method: 'POST', url: `/api/admin/users/${id}/revoke-sessions`, headers });
const idOf = async (email: string) =>
  (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;

describe('POST /api/admin/users/{id}/revoke-sessions', () => {
  it("ends every session of the user: each of their tokens gets 401; others' sessions carry on", async () => {
    const kim = await registerUser(t.app, { email: 'kim@example.com' });
    const laptop = await logIn(t.app, kim.email, kim.password);
    const other = await registerUser(t.app, { email: 'bystander@example.com' });
    for (const token of [kim.token, laptop, other.token]) expect((await me(token)).statusCode).toBe(200);

    const res = await revoke(await idOf(kim.email));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Signed out everywhere: 2 sessions ended', revoked: 2 });

    for (const token of [kim.token, laptop]) {
      const after = await me(token);
      expect(after.statusCode).toBe(401);
      expect(after.json()).toEqual({ message: 'Please sign in to continue.' });
    }
    expect((await me(other.token)).json()).toMatchObject({ email: 'bystander@example.com' });
    expect((await me(admin.token)).statusCode).toBe(200);
    // The password still works: signing in again opens a fresh session.
    expect((await me(await logIn(t.app, kim.email, kim.password))).statusCode).toBe(200);
  });

  it('is audited with the operator, the user and the number of sessions ended', async () => {
    const lee = await registerUser(t.app, { email: 'lee@example.com' });
    const id = await idOf(lee.email);
    expect((await revoke(id)).statusCode).toBe(200);
    const records = await t.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      actor: 'signer-outer@example.com',
      action: 'user.revoke-sessions',
      targetType: 'user',
      summary: 'Signed lee@example.com out everywhere (1 session ended)',
      before: { sessions: 1 },
      after: { sessions: 0 },
    });
    // A second time there is nothing left to end; the operator's request is still on record.
    expect((await revoke(id)).json()).toEqual({
      message: 'Signed out everywhere: 0 sessions ended',
      revoked: 0,
    });
    expect(await t.db.select().from(auditLog).where(eq(auditLog.targetId, id))).toHaveLength(2);
  });

  it('answers 404 for an unknown user or an id that is no uuid, 400 to a NUL byte, and 401/403 to non-operators, ending nothing', async () => {
    const victim = await registerUser(t.app, { email: 'victim@example.com' });
    const id = await idOf(victim.email);
    const count = async () => (await t.db.select().from(sessions)).length;
    const before = await count();
    for (const bad of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await revoke(bad);
      expect(res.statusCode, bad).toBe(404);
      expect(res.json()).toEqual({ message: 'User not found' });
    }
    // A NUL byte never reaches a query: it is refused as bad input first.
    const nul = await revoke('%00');
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toMatch(/must not contain NUL characters/);
    expect((await revoke(id, {})).statusCode).toBe(401);
    const res = await revoke(id, bearer(victim.token));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Admin access required.' });
    expect(await count()).toBe(before);
    expect((await me(victim.token)).statusCode).toBe(200);
  });
});
