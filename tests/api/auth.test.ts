import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bearer, registerUser, sharedTestApp, postRawJson, openApiDoc } from './harness';
import { NEW_ACCOUNT } from './fixtures';
import { sessions, users } from '../../src-server/db/schema';
import { hashToken } from '../../src-server/auth/tokens';
import { DAY_MS } from '../../src-server/clock';

const t = sharedTestApp();

const post = (url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, payload: payload as object });

describe('register', () => {
  it('creates the account, returns a working token and stores only the hashes', async () => {
    const res = await post('/api/auth/register', {
      email: '  New.Person@Example.com ',
      password: 'secret-1',
      displayName: ' New Person ',
    });
    expect(res.statusCode).toBe(200);
    const { token } = res.json();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await t.db.select().from(users).where(eq(users.email, 'new.person@example.com'));
    expect(row.displayName).toBe('New Person');
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.plan).toBe('free');
    const stored = await t.db.select().from(sessions).where(eq(sessions.userId, row.id));
    expect(stored).toHaveLength(1);
    expect(stored[0].tokenHash).toBe(hashToken(token));
    expect(stored[0].tokenHash).not.toContain(token);
  });

  it('refuses a duplicate email with 409 and a message, whatever its case', async () => {
    await registerUser(t.app, { email: 'dup@example.com' });
    const res = await post('/api/auth/register', {
      email: 'DUP@example.com',
      password: 'secret-1',
      displayName: 'Again',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'An account with this email already exists. Please sign in instead.',
    });
  });

  it.each([
    [{ email: 'a@example.com', password: 'secret-1', displayName: '   ' }, 'Display name is required'],
    [{ email: 'a@example.com', password: 'secret-1' }, 'Display name is required'],
    [
      { email: 'a@example.com', password: '12345', displayName: 'A' },
      'Password must be at least 6 characters long',
    ],
    [
      { email: 'not-an-email', password: 'secret-1', displayName: 'A' },
      'Email must be a valid email address',
    ],
    [{ password: 'secret-1', displayName: 'A' }, 'Email is required'],
    [{ email: 42, password: 'secret-1', displayName: 'A' }, 'Email must be a valid email address'],
    [
      { email: `${'a'.repeat(250)}@example.com`, password: 'secret-1', displayName: 'A' },
      'Email must be at most 254 characters long',
    ],
    [{ email: 'a@example.com', password: 'secret-1', displayName: 7 }, 'Display name must be text'],
    [['a@example.com', 'secret-1'], 'Send a JSON object with email, password and displayName.'],
  ])('rejects %j with a message naming the field and stores nothing', async (payload, message) => {
    const before = (await t.db.select({ id: users.id }).from(users)).length;
    const res = await post('/api/auth/register', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await t.db.select({ id: users.id }).from(users)).length).toBe(before);
  });

  it('answers a body that is not JSON with a JSON message', async () => {
    const res = await postRawJson(t.app, '/api/auth/register', '{"email":');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request body is not valid JSON.' });
  });

  it('answers an empty body sent as JSON as a missing one: 400 naming what to send, nothing stored', async () => {
    const before = (await t.db.select({ id: users.id }).from(users)).length;
    const res = await postRawJson(t.app, '/api/auth/register', '');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Send a JSON object with email, password and displayName.' });
    expect((await t.db.select({ id: users.id }).from(users)).length).toBe(before);
  });
});

describe('login', () => {
  it('returns a fresh token for the right password and records the login time', async () => {
    const { email, password } = await registerUser(t.app, { email: 'login@example.com' });
    t.clock.advance(3 * DAY_MS);
    const res = await post('/api/auth/login', { email: 'LOGIN@example.com', password });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(res.json().token) });
    expect(me.json().email).toBe(email);
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row.lastLoginAt).toEqual(t.clock.now());
  });

  it('drops the account’s expired sessions when it signs in again', async () => {
    const { email, password, token } = await registerUser(t.app, { email: 'returning@example.com' });
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    t.clock.advance(31 * DAY_MS);
    const res = await post('/api/auth/login', { email, password });
    expect(res.statusCode).toBe(200);
    const left = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(left.map((s) => s.tokenHash)).toEqual([hashToken(res.json().token)]);
    expect(left.some((s) => s.tokenHash === hashToken(token))).toBe(false);
  });

  it('gives the same 401 for an unknown email and a wrong password', async () => {
    await registerUser(t.app, { email: 'known@example.com' });
    const unknown = await post('/api/auth/login', { email: 'nobody@example.com', password: 'whatever-1' });
    const wrong = await post('/api/auth/login', { email: 'known@example.com', password: 'wrong-password' });
    for (const res of [unknown, wrong]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Invalid email or password' });
    }
  });

  it('refuses a password longer than 256 characters with 400, as register and reset do', async () => {
    const { email } = await registerUser(t.app, { email: 'long@example.com' });
    const long = await post('/api/auth/login', { email, password: 'x'.repeat(257) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ message: 'Password must be at most 256 characters long' });
    const longest = await post('/api/auth/login', { email, password: 'x'.repeat(256) });
    expect(longest.statusCode).toBe(401);
  });

  it('answers a missing body and a password that is not text with messages naming what is wrong', async () => {
    const empty = await t.app.inject({ method: 'POST', url: '/api/auth/login' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: 'Send a JSON object with email and password.' });
    const numeric = await post('/api/auth/login', { email: 'known@example.com', password: 123456 });
    expect(numeric.statusCode).toBe(400);
    expect(numeric.json()).toEqual({ message: 'Password must be text' });
  });
});

describe('me', () => {
  it('returns every profile field of the spec and never the hash', async () => {
    const { token, email } = await registerUser(t.app, { email: 'me@example.com', displayName: 'Me Myself' });
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(
      [
        '_id',
        'adsDisabled',
        'createdAt',
        'displayName',
        'email',
        'emailVerified',
        'flaggedAt',
        'flaggedForAbuse',
        'lastFlaggedReason',
        'name',
        'plan',
        'role',
        'storageLimit',
        'storageUsed',
        'subscriptionStatus',
      ].sort(),
    );
    expect(body).toMatchObject({ ...NEW_ACCOUNT, displayName: 'Me Myself', name: 'Me Myself', email });
    expect(JSON.stringify(body)).not.toMatch(/argon2|password/i);
  });

  it('answers 401 with a message without a token, with a bad token, and after the session expires', async () => {
    const { token } = await registerUser(t.app);
    for (const headers of [{}, bearer('not-a-real-token')]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Please sign in to continue.');
    }
    t.clock.advance(31 * DAY_MS);
    const expired = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(expired.statusCode).toBe(401);
  });
});

describe('admin guard', () => {
  it('answers 403 to a signed-in user who is not an admin', async () => {
    const { token } = await registerUser(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/overview', headers: bearer(token) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Admin access required.' });
  });
});

describe('OpenAPI', () => {
  it('documents the auth endpoints from their schemas', async () => {
    const doc = await openApiDoc(t.app);
    for (const path of [
      '/api/auth/register',
      '/api/auth/login',
      '/api/auth/me',
      '/api/auth/request-password-reset',
      '/api/auth/reset-password',
      '/api/contact',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
    expect(
      doc.paths['/api/auth/register'].post.requestBody.content['application/json'].schema.required,
    ).toEqual(expect.arrayContaining(['email', 'password', 'displayName']));
  });
});
