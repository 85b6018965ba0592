import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bearer, registerUser, startTestApp, type TestApp } from './harness';
import { browseUntil, startFakeGoogle } from '../fixtures/fakeGoogle';
import {
  accountEvents,
  googleHandOffs,
  oauthStates,
  passwordResets,
  users,
} from '../../src-server/db/schema';
import { hashToken } from '../../src-server/auth/tokens';

const WEB = 'http://localhost:3000';
const CALLBACK = `${WEB}/api/auth/google/callback`;
let google: Awaited<ReturnType<typeof startFakeGoogle>>;
let t: TestApp;

beforeAll(async () => {
  google = await startFakeGoogle({
    clientId: 'postkeeper-web',
    clientSecret: 'shh-secret',
    redirectUri: CALLBACK,
  });
  t = await startTestApp({
    WEB_URL: WEB,
    GOOGLE_CLIENT_ID: 'postkeeper-web',
    GOOGLE_CLIENT_SECRET: 'shh-secret',
    GOOGLE_ISSUER: google.issuer,
    ADMIN_EMAILS: 'admin@example.com,boss@company.test',
  });
});
afterAll(async () => {
  await t.close();
  await google.close();
});

/** The whole browser round trip: start, Google's pages, and our callback. Returns where the callback sends the browser. */
async function signInWithGoogle(
  opts: { cookie?: (c: string) => string; from?: string } = {},
): Promise<string> {
  const from = opts.from === undefined ? '' : `&from=${encodeURIComponent(opts.from)}`;
  const start = await t.app.inject({
    method: 'GET',
    url: `/api/auth/google/web?prompt=select_account${from}`,
  });
  expect(start.statusCode).toBe(302);
  const authorize = new URL(start.headers.location as string);
  expect(authorize.origin).toBe(google.issuer);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('prompt')).toBe('select_account');
  expect(authorize.searchParams.get('state')).toBeTruthy();
  expect(authorize.searchParams.get('nonce')).toBeTruthy();
  const cookie = String(start.headers['set-cookie']).split(';')[0];
  const back = new URL(await browseUntil(authorize.href, CALLBACK));
  const done = await t.app.inject({
    method: 'GET',
    url: `/api/auth/google/callback${back.search}`,
    headers: { cookie: opts.cookie ? opts.cookie(cookie) : cookie },
  });
  expect(done.statusCode).toBe(302);
  return done.headers.location as string;
}

/** What the web app does with the callback's redirect: trades its one-time `auth_token` code for a session token. */
async function sessionFrom(location: string): Promise<string> {
  const code = new URL(location).searchParams.get('auth_token')!;
  const traded = await t.app.inject({ method: 'POST', url: '/api/auth/google/exchange', payload: { code } });
  expect(traded.statusCode).toBe(200);
  return traded.json().token as string;
}

describe('Google sign-in', () => {
  it('creates an account for a new Google user and hands the web app a fresh session token', async () => {
    google.signInAs({
      sub: 'g-100',
      email: 'New.Googler@gmail.test',
      email_verified: true,
      name: 'New Googler',
    });
    const location = new URL(await signInWithGoogle());
    // The sign-in screen finishes the hand-off (extension first, then the page the user came from).
    expect(`${location.origin}${location.pathname}`).toBe(`${WEB}/dashboard/login`);
    expect([...location.searchParams.keys()]).toEqual(['auth_token']);
    const code = location.searchParams.get('auth_token')!;
    // The address bar carries a one-time code, never a session token.
    const withCode = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(code) });
    expect(withCode.statusCode).toBe(401);
    const token = await sessionFrom(location.href);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(me.json()).toMatchObject({
      email: 'new.googler@gmail.test',
      displayName: 'New Googler',
      emailVerified: true,
    });
  });

  it('takes each hand-off code once, within a minute, and stores only its hash', async () => {
    google.signInAs({ sub: 'g-once', email: 'once@gmail.test', email_verified: true, name: 'Once' });
    const exchange = (code: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/google/exchange', payload: { code } });
    const used = new URL(await signInWithGoogle()).searchParams.get('auth_token')!;
    const [stored] = await t.db
      .select()
      .from(googleHandOffs)
      .where(eq(googleHandOffs.codeHash, hashToken(used)));
    expect(stored).toBeDefined();
    expect((await exchange(used)).statusCode).toBe(200);
    const again = await exchange(used);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: 'This sign-in has expired. Please continue with Google again.' });

    const late = new URL(await signInWithGoogle()).searchParams.get('auth_token')!;
    t.clock.advance(61_000);
    expect((await exchange(late)).json()).toEqual({
      message: 'This sign-in has expired. Please continue with Google again.',
    });
    expect((await exchange('')).statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/google/exchange', payload: {} })).json(),
    ).toEqual({
      message: 'Code is required',
    });
  });

  it('finds the same account again by its Google subject', async () => {
    google.signInAs({ sub: 'g-100', email: 'changed@gmail.test', email_verified: true, name: 'Renamed' });
    const token = await sessionFrom(await signInWithGoogle());
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(me.json().email).toBe('new.googler@gmail.test');
  });

  it('links an existing password account by its verified email', async () => {
    await registerUser(t.app, { email: 'linked@example.com' });
    google.signInAs({ sub: 'g-200', email: 'linked@example.com', email_verified: true, name: 'Linked' });
    const token = await sessionFrom(await signInWithGoogle());
    const me = (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).json();
    expect(me).toMatchObject({ email: 'linked@example.com', emailVerified: true });
    const [row] = await t.db.select().from(users).where(eq(users.email, 'linked@example.com'));
    expect(row.googleSub).toBe('g-200');
  });

  it('never links by an unverified email: the browser goes back to sign-in', async () => {
    await registerUser(t.app, { email: 'victim@example.com' });
    google.signInAs({ sub: 'g-300', email: 'victim@example.com', email_verified: false, name: 'Attacker' });
    expect(await signInWithGoogle()).toBe(`${WEB}/dashboard/login?error=google`);
    const [row] = await t.db.select().from(users).where(eq(users.email, 'victim@example.com'));
    expect(row.googleSub).toBeNull();
  });

  it('refuses a callback from a browser that did not start the flow', async () => {
    google.signInAs({ sub: 'g-400', email: 'csrf@gmail.test', email_verified: true, name: 'X' });
    expect(await signInWithGoogle({ cookie: () => 'pk_oauth=someone-else' })).toBe(
      `${WEB}/dashboard/login?error=google`,
    );
    expect(await t.db.select().from(users).where(eq(users.email, 'csrf@gmail.test'))).toHaveLength(0);
  });

  it('refuses an unknown or replayed state', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/google/callback?state=made-up&code=abc',
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`${WEB}/dashboard/login?error=google`);
  });

  it('clears the stored state of flows that were never finished once they expire', async () => {
    await t.app.inject({ method: 'GET', url: '/api/auth/google/web?prompt=select_account' });
    t.clock.advance(11 * 60_000);
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/google/web?prompt=select_account' });
    expect(start.statusCode).toBe(302);
    const rows = await t.db.select().from(oauthStates);
    expect(rows).toHaveLength(1);
    expect(rows[0].expiresAt.getTime()).toBeGreaterThan(t.clock.now().getTime());
  });
});

describe('Google sign-in returns the user to the page they came from', () => {
  it('stores the local path with the flow and hands it back with the token', async () => {
    google.signInAs({ sub: 'g-500', email: 'from@gmail.test', email_verified: true, name: 'From' });
    const start = await t.app.inject({
      method: 'GET',
      url: `/api/auth/google/web?prompt=select_account&from=${encodeURIComponent('/dashboard/settings?tab=billing')}`,
    });
    expect(start.statusCode).toBe(302);
    const state = new URL(start.headers.location as string).searchParams.get('state')!;
    const [row] = await t.db
      .select()
      .from(oauthStates)
      .where(eq(oauthStates.stateHash, hashToken(state)));
    expect(row.returnTo).toBe('/dashboard/settings?tab=billing');

    const location = new URL(await signInWithGoogle({ from: '/dashboard/settings?tab=billing' }));
    expect(`${location.origin}${location.pathname}`).toBe(`${WEB}/dashboard/login`);
    expect(location.searchParams.get('from')).toBe('/dashboard/settings?tab=billing');
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(await sessionFrom(location.href)),
    });
    expect(me.json().email).toBe('from@gmail.test');
  });

  it.each([
    'https://evil.example/dashboard',
    '//evil.example/dashboard',
    '/\\evil.example/dashboard',
    '/\t/evil.example',
    '/\n/evil.example',
    'javascript:alert(1)',
    'evil.example/dashboard',
    'dashboard',
    '',
    ' /dashboard',
    `/${'a'.repeat(2048)}`,
  ])('refuses %j as the page to return to: 400 with a message, nothing stored, no cookie', async (from) => {
    const before = (await t.db.select().from(oauthStates)).length;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/auth/google/web?prompt=select_account&from=${encodeURIComponent(from)}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'From must be a path on this site, such as /dashboard/settings' });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await t.db.select().from(oauthStates)).length).toBe(before);
  });

  it('refuses two values for the page to return to', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/google/web?prompt=select_account&from=/dashboard&from=//evil.example',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'From must be a path on this site, such as /dashboard/settings' });
  });
});

const logIn = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

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
    await registerUser(t.app, { email, password: 'squatter-pw-1' });
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    await t.db.insert(passwordResets).values({
      userId: user.id,
      tokenHash: hashToken('pending-reset-token'),
      expiresAt: new Date(t.clock.now().getTime() + 20 * 60_000),
    });
    google.signInAs({ sub: 'g-links', email, email_verified: true, name: 'Owner' });
    await signInWithGoogle();
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: 'pending-reset-token', newPassword: 'taken-over-1' },
    });
    expect(reset.statusCode).toBe(400);
    expect((await logIn(email, 'taken-over-1')).statusCode).toBe(401);
  });

  it('keeps the password of an account whose owner had already proved the address by a reset link', async () => {
    const email = 'proven@company.test';
    await registerUser(t.app, { email, password: 'first-pw-1' });
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    await t.db.insert(passwordResets).values({
      userId: user.id,
      tokenHash: hashToken('owner-reset-token'),
      expiresAt: new Date(t.clock.now().getTime() + 20 * 60_000),
    });
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: 'owner-reset-token', newPassword: 'owners-pw-1' },
    });
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

describe('Google sign-in without configuration', () => {
  it('answers 503 with a message, and 400 to an unknown prompt', async () => {
    const bare = await startTestApp();
    try {
      const res = await bare.app.inject({ method: 'GET', url: '/api/auth/google/web?prompt=select_account' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: 'Google sign-in is not configured on this server.' });
      const odd = await bare.app.inject({ method: 'GET', url: '/api/auth/google/web?prompt=always' });
      expect(odd.statusCode).toBe(400);
      expect(odd.json()).toEqual({ message: 'Prompt must be select_account, consent, none or login' });
    } finally {
      await bare.close();
    }
  });

  it('limits starts to 30 per ten minutes from one address', async () => {
    const bare = await startTestApp({ RATE_LIMIT_SCALE: '1' });
    try {
      for (let i = 0; i < 30; i++) {
        const res = await bare.app.inject({
          method: 'GET',
          url: '/api/auth/google/web?prompt=select_account',
        });
        expect(res.statusCode).toBe(503);
      }
      const res = await bare.app.inject({ method: 'GET', url: '/api/auth/google/web?prompt=select_account' });
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBe('600');
    } finally {
      await bare.close();
    }
  });
});
