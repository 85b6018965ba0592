import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bearer, registerUser, withTestApp } from './harness';
import { sharedGoogleApp, WEB } from './googleHarness';
import { googleHandOffs, oauthStates, users } from '../../src-server/db/schema';
import { hashToken } from '../../src-server/auth/tokens';

const { t, google, signInWithGoogle, sessionFrom } = sharedGoogleApp();

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

describe('Google sign-in without configuration', () => {
  it('answers 503 with a message, and 400 to an unknown prompt', async () => {
    await withTestApp({}, async (bare) => {
      const res = await bare.app.inject({ method: 'GET', url: '/api/auth/google/web?prompt=select_account' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: 'Google sign-in is not configured on this server.' });
      const odd = await bare.app.inject({ method: 'GET', url: '/api/auth/google/web?prompt=always' });
      expect(odd.statusCode).toBe(400);
      expect(odd.json()).toEqual({ message: 'Prompt must be select_account, consent, none or login' });
    });
  });

  it('limits starts to 30 per ten minutes from one address', async () => {
    await withTestApp({ RATE_LIMIT_SCALE: '1' }, async (bare) => {
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
    });
  });
});
