import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bearer, registerUser, startTestApp, sharedTestApp } from './harness';
import { sessions, users } from '../../src-server/db/schema';
import { createSession, purgeExpiredSessions } from '../../src-server/auth/sessions';
import { hashToken } from '../../src-server/auth/tokens';
import { DAY_MS } from '../../src-server/clock';

const t = sharedTestApp();

const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
const logout = (headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/logout', headers });
const lastUsed = async (token: string) =>
  (
    await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)))
  )[0]?.lastUsedAt;

describe('POST /api/auth/logout', () => {
  it('ends the presented session with 204; that token then gets 401 while the other sessions go on', async () => {
    const { token, email, password } = await registerUser(t.app);
    const other = (
      await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } })
    ).json().token as string;
    const res = await logout(bearer(token));
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const after = await me(token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: 'Please sign in to continue.' });
    expect(await lastUsed(token)).toBeUndefined();
    expect((await me(other)).statusCode).toBe(200);
  });

  it('takes an empty body sent as JSON, as the browser sends it: 204, and that token then gets 401', async () => {
    const { token } = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(204);
    const after = await me(token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: 'Please sign in to continue.' });
  });

  it('answers 401 with a message without a live session, and changes nothing', async () => {
    const before = (await t.db.select().from(sessions)).length;
    for (const headers of [{}, bearer('not-a-real-token')]) {
      const res = await logout(headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Please sign in to continue.' });
    }
    expect((await t.db.select().from(sessions)).length).toBe(before);
  });
});

describe('idle expiry', () => {
  it('ends a session unused for SESSION_IDLE_DAYS (14 by default)', async () => {
    const { token } = await registerUser(t.app);
    t.clock.advance(14 * DAY_MS - 60_000);
    const { token: fresh } = await registerUser(t.app);
    t.clock.advance(60_000);
    expect((await me(token)).statusCode).toBe(401);
    expect((await me(fresh)).statusCode).toBe(200);
  });

  it('keeps a session in use alive, but never beyond SESSION_TTL_DAYS', async () => {
    const { token } = await registerUser(t.app);
    for (let day = 10; day < 30; day += 10) {
      t.clock.advance(10 * DAY_MS);
      expect((await me(token)).statusCode, `day ${day}`).toBe(200);
    }
    t.clock.advance(10 * DAY_MS); // day 30: used 10 days ago, but 30 days old
    expect((await me(token)).statusCode).toBe(401);
  });

  it('records the last use at most once a minute', async () => {
    const { token } = await registerUser(t.app);
    const created = t.clock.now();
    t.clock.advance(30_000);
    await me(token);
    expect(await lastUsed(token)).toEqual(created);
    t.clock.advance(31_000);
    await me(token);
    expect(await lastUsed(token)).toEqual(t.clock.now());
  });

  it('follows SESSION_IDLE_DAYS', async () => {
    const short = await startTestApp({ SESSION_IDLE_DAYS: '2' });
    try {
      const { token } = await registerUser(short.app);
      short.clock.advance(DAY_MS);
      const ok = await short.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
      expect(ok.statusCode).toBe(200);
      short.clock.advance(2 * DAY_MS);
      const gone = await short.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
      expect(gone.statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });
});

describe('purgeExpiredSessions', () => {
  it('deletes sessions past their cap and sessions idle too long, and keeps live ones', async () => {
    await t.db.delete(sessions);
    const [user] = await t.db
      .insert(users)
      .values({ email: 'purge@example.com', displayName: 'Purge' })
      .returning({ id: users.id });
    const idle = await createSession(t.app.ctx, user.id, 30);
    t.clock.advance(5 * DAY_MS);
    const capped = await createSession(t.app.ctx, user.id, 6);
    t.clock.advance(5 * DAY_MS);
    const recent = await createSession(t.app.ctx, user.id, 30);
    t.clock.advance(5 * DAY_MS);
    const live = await createSession(t.app.ctx, user.id, 30);
    // Now: idle unused 15 days, capped 10 days old with a 6-day cap, recent unused 5 days, live brand new.
    expect(await purgeExpiredSessions(t.app.ctx)).toBe(2);
    const left = (await t.db.select().from(sessions)).map((s) => s.tokenHash).sort();
    expect(left).toEqual([hashToken(recent), hashToken(live)].sort());
    expect(left).not.toContain(hashToken(idle));
    expect(left).not.toContain(hashToken(capped));
    // A shorter idle window, as the job passes SESSION_IDLE_DAYS.
    expect(await purgeExpiredSessions(t.app.ctx, { idleDays: 3 })).toBe(1);
    expect((await t.db.select().from(sessions)).map((s) => s.tokenHash)).toEqual([hashToken(live)]);
  });
});
