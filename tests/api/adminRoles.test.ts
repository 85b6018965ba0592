import { describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { bearer, openApiDoc, registerUser, withTestApp, type TestApp } from './harness';
import { adminSession, sharedAdminSession, userBy } from './fixtures';
import { sharedGoogleApp } from './googleHarness';
import { accountEvents, auditLog, users } from '../../src-server/db/schema';

// Operators give and remove admin rights (PATCH /api/admin/users/{id}/role). This app lists admin@example.com
// and boss@company.test in ADMIN_EMAILS, with Google sign-in against the local stand-in.
const { t, google, signInWithGoogle, sessionFrom } = sharedGoogleApp();
const lead = sharedAdminSession(t, 'lead@example.com');

const setRole = (id: string, role: unknown, headers: Record<string, string> = lead.headers, on = t) =>
  on.app.inject({ method: 'PATCH', url: `/api/admin/users/${id}/role`, headers, payload: { role } });
const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
/** What the console's first call answers this token: 200 for an operator, 401 signed out, 403 otherwise. */
const consoleStatus = async (token: string) => (await get('/api/admin/overview', token)).statusCode;
const roleOf = async (token: string) => (await get('/api/auth/me', token)).json().role;
const auditOf = (id: string) =>
  t.db.select().from(auditLog).where(eq(auditLog.targetId, id)).orderBy(asc(auditLog.id));

/** A Google sign-in as `email` (Google vouches for the address), through the browser and the hand-off. */
async function googleSignIn(email: string, sub: string) {
  google.signInAs({ sub, email, email_verified: true, name: email.split('@')[0] });
  return sessionFrom(await signInWithGoogle());
}

/** An operator from before, as the demo seed makes one: a password account, verified, with the admin role. */
async function passwordOperator(email: string) {
  const { token } = await registerUser(t.app, { email });
  await t.db.update(users).set({ role: 'admin', emailVerified: true }).where(eq(users.email, email));
  return { token, id: (await userBy(t, { email })).id };
}

describe('PATCH /api/admin/users/{id}/role', () => {
  it('makes a verified user an admin and removes the rights again, each audited; the removal ends their sessions', async () => {
    const laptop = await googleSignIn('dana@company.test', 'g-dana');
    const { id } = await userBy(t, { email: 'dana@company.test' });
    expect(await consoleStatus(laptop)).toBe(403);

    const promoted = await setRole(id, 'admin');
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toEqual({
      message: 'dana@company.test is now an admin',
      role: 'admin',
      revoked: 0,
    });
    expect(await consoleStatus(laptop)).toBe(200);
    const phone = await googleSignIn('dana@company.test', 'g-dana');
    expect(await consoleStatus(phone)).toBe(200);

    const removed = await setRole(id, 'user');
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({
      message: 'Admin rights removed from dana@company.test: 2 sessions ended',
      role: 'user',
      revoked: 2,
    });
    // Both sessions ended with the rights: the console stops at the next request.
    for (const token of [laptop, phone]) {
      const res = await get('/api/admin/users', token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Please sign in to continue.' });
    }
    // Signing in again gives an ordinary account.
    const again = await googleSignIn('dana@company.test', 'g-dana');
    expect(await roleOf(again)).toBe('user');
    expect(await consoleStatus(again)).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/admin/users/${id}`, headers: lead.headers })).json(),
    ).toMatchObject({ email: 'dana@company.test', role: 'user' });

    expect(await auditOf(id)).toMatchObject([
      {
        actor: 'lead@example.com',
        action: 'user.role',
        targetType: 'user',
        targetId: id,
        summary: 'Gave admin rights to dana@company.test',
        before: { role: 'user' },
        after: { role: 'admin' },
      },
      {
        actor: 'lead@example.com',
        action: 'user.role',
        targetType: 'user',
        targetId: id,
        summary: 'Removed admin rights from dana@company.test (2 sessions ended)',
        before: { role: 'admin' },
        after: { role: 'user', sessionsEnded: 2 },
      },
    ]);
  });

  it('refuses an operator removing their own rights (403), changing nothing', async () => {
    await adminSession(t, 'second-operator@example.com');
    const { id } = await userBy(t, { email: lead.email });
    const res = await setRole(id, 'user');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'You cannot remove your own admin rights. Another operator can.' });
    expect(await consoleStatus(lead.token)).toBe(200);
    expect(await auditOf(id)).toEqual([]);
  });

  it('answers bad input and refused changes with a {message}, changing and auditing nothing', async () => {
    const verified = await googleSignIn('erin@company.test', 'g-erin');
    const erin = (await userBy(t, { email: 'erin@company.test' })).id;
    const unverified = await registerUser(t.app, { email: 'unproven@company.test' });
    const unproven = (await userBy(t, { email: 'unproven@company.test' })).id;
    const other = await adminSession(t, 'other-operator@example.com');
    const otherId = (await userBy(t, { email: other.email })).id;
    const before = (await t.db.select().from(auditLog)).length;

    const cases: [string, () => ReturnType<typeof setRole>, number, string | RegExp][] = [
      ['an unknown role', () => setRole(erin, 'owner'), 400, /role must be 'admin' or 'user'/],
      ['no role', () => setRole(erin, undefined), 400, /role/],
      [
        'an unknown user',
        () => setRole('00000000-0000-4000-8000-000000000000', 'admin'),
        404,
        'User not found',
      ],
      ['an id that is no uuid', () => setRole('nope', 'admin'), 404, 'User not found'],
      [
        'an unverified address',
        () => setRole(unproven, 'admin'),
        409,
        'This user has not verified their email address. Only a verified address can be given admin rights.',
      ],
      [
        'an admin made admin',
        () => setRole(otherId, 'admin'),
        409,
        'other-operator@example.com is already an admin.',
      ],
      ['a user made a user', () => setRole(erin, 'user'), 409, 'erin@company.test is not an admin.'],
      ['no session', () => setRole(erin, 'admin', {}), 401, 'Please sign in to continue.'],
      ['a customer', () => setRole(erin, 'admin', bearer(verified)), 403, 'Admin access required.'],
      [
        'a customer on an operator',
        () => setRole(otherId, 'user', bearer(unverified.token)),
        403,
        'Admin access required.',
      ],
    ];
    for (const [label, call, status, message] of cases) {
      const res = await call();
      expect(res.statusCode, label).toBe(status);
      if (typeof message === 'string') expect(res.json(), label).toEqual({ message });
      else expect(res.json().message, label).toMatch(message);
    }
    expect(await roleOf(verified)).toBe('user');
    expect(await roleOf(unverified.token)).toBe('user');
    expect(await consoleStatus(other.token)).toBe(200);
    expect((await t.db.select().from(auditLog)).length).toBe(before);
  });

  it('is in the OpenAPI document, with its rules', async () => {
    const route = (await openApiDoc(t.app)).paths['/api/admin/users/{id}/role'].patch;
    expect(route.summary).toBe('Give a user admin rights, or remove them');
    expect(route.description).toMatch(/ends every session/);
    expect(Object.keys(route.responses)).toEqual(expect.arrayContaining(['200', '400', '403', '404', '409']));
  });
});

describe('the last admin', () => {
  const admins = async (t2: TestApp) =>
    (await t2.db.select({ email: users.email }).from(users).where(eq(users.role, 'admin'))).map(
      (r) => r.email,
    );

  it('keeps one admin when two operators remove each other at the same moment, and refuses the last one', async () => {
    // An app of its own with exactly two operators, so the last one is known.
    await withTestApp({}, async (t2) => {
      const ann = await adminSession(t2, 'ann@example.com');
      const bob = await adminSession(t2, 'bob@example.com');
      const idOf = async (email: string) =>
        (await t2.db.select().from(users).where(eq(users.email, email)))[0].id;
      const [annId, bobId] = [await idOf(ann.email), await idOf(bob.email)];

      const answers = await Promise.all([
        setRole(bobId, 'user', ann.headers, t2),
        setRole(annId, 'user', bob.headers, t2),
      ]);
      const statuses = answers.map((r) => r.statusCode);
      // One removal wins. The other is refused: its operator has lost the rights (403, or 401 once their
      // sessions are gone) or would be the last admin (409). On PostgreSQL both run at once, and without the
      // lock on the admins' rows both succeeded, leaving none.
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => [401, 403, 409].includes(s))).toHaveLength(1);
      const left = await admins(t2);
      expect(left).toHaveLength(1);

      // The one left cannot remove their own rights: there would be no operator at all.
      const survivor = left[0] === ann.email ? { id: annId, ...ann } : { id: bobId, ...bob };
      const last = await setRole(survivor.id, 'user', survivor.headers, t2);
      expect(last.statusCode).toBe(409);
      expect(last.json()).toEqual({
        message: `${survivor.email} is the last admin. Make another user an admin before removing these rights.`,
      });
      expect(await admins(t2)).toEqual(left);
      expect((await t2.db.select().from(auditLog)).map((r) => r.action)).toEqual(['user.role']);
    });
  });
});

describe('Google sign-in after an operator removed the rights', () => {
  it('does not give them back to an address on ADMIN_EMAILS, signing in again or linking an account', async () => {
    // boss@company.test is listed: their first Google sign-in creates an operator.
    const first = await googleSignIn('boss@company.test', 'g-boss');
    expect(await consoleStatus(first)).toBe(200);
    const boss = (await userBy(t, { email: 'boss@company.test' })).id;
    expect((await setRole(boss, 'user')).statusCode).toBe(200);
    const back = await googleSignIn('boss@company.test', 'g-boss');
    expect(await roleOf(back)).toBe('user');
    expect(await consoleStatus(back)).toBe(403);

    // admin@example.com is listed too, an operator with a password; Google proves the address only later.
    const ada = await passwordOperator('admin@example.com');
    expect((await setRole(ada.id, 'user')).statusCode).toBe(200);
    const linked = await googleSignIn('admin@example.com', 'g-ada');
    expect(await roleOf(linked)).toBe('user');
    expect(await consoleStatus(linked)).toBe(403);
    const [event] = await t.db.select().from(accountEvents).where(eq(accountEvents.userId, ada.id));
    expect(event).toMatchObject({ kind: 'google-linked', detail: { role: 'user' } });

    // Only an operator gives the rights back; then they hold as before.
    expect((await setRole(ada.id, 'admin')).statusCode).toBe(200);
    expect(await consoleStatus(linked)).toBe(200);
    expect((await userBy(t, { id: ada.id })).adminRemovedAt).toBeNull();
  });

  it('does not make an address that is no longer listed an admin', async () => {
    // An operator under an earlier ADMIN_EMAILS; the address has since left the list, and the rights were removed.
    const former = await passwordOperator('former@company.test');
    const removed = await setRole(former.id, 'user');
    expect(removed.json().revoked).toBe(1);
    expect(await consoleStatus(former.token)).toBe(401);
    const linked = await googleSignIn('former@company.test', 'g-former');
    expect(await roleOf(linked)).toBe('user');
    const again = await googleSignIn('former@company.test', 'g-former');
    expect(await roleOf(again)).toBe('user');
    expect(await consoleStatus(again)).toBe(403);
  });
});
