import { afterAll, beforeAll, expect } from 'vitest';
import { startTestApp, type TestApp } from './harness';
import { browseUntil, startFakeGoogle } from '../fixtures/fakeGoogle';

export const WEB = 'http://localhost:3000';
export const CALLBACK = `${WEB}/api/auth/google/callback`;

/**
 * The app the tests share with Google sign-in configured against a local Google stand-in (ADMIN_EMAILS names
 * admin@example.com and boss@company.test), and the browser's part of a sign-in.
 */
export function sharedGoogleApp() {
  const t = {} as TestApp;
  const google = {} as Awaited<ReturnType<typeof startFakeGoogle>>;
  beforeAll(async () => {
    Object.assign(
      google,
      await startFakeGoogle({
        clientId: 'postkeeper-web',
        clientSecret: 'shh-secret',
        redirectUri: CALLBACK,
      }),
    );
    Object.assign(
      t,
      await startTestApp({
        WEB_URL: WEB,
        GOOGLE_CLIENT_ID: 'postkeeper-web',
        GOOGLE_CLIENT_SECRET: 'shh-secret',
        GOOGLE_ISSUER: google.issuer,
        ADMIN_EMAILS: 'admin@example.com,boss@company.test',
      }),
    );
  });
  afterAll(async () => {
    await t.close?.();
    await google.close?.();
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
    const traded = await t.app.inject({
      method: 'POST',
      url: '/api/auth/google/exchange',
      payload: { code },
    });
    expect(traded.statusCode).toBe(200);
    return traded.json().token as string;
  }

  return { t, google, signInWithGoogle, sessionFrom };
}
