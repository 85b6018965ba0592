import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bearer, registerUser, sharedTestApp } from './harness';
import { users } from '../../src-server/db/schema';

const t = sharedTestApp();

const register = (displayName: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email: 'nul@example.com', password: 'correct-horse-1', displayName },
  });

// PostgreSQL text cannot hold NUL: such input is bad input (400), never a failed insert (500).
describe('NUL characters in a request', () => {
  it('refuses a registration whose name holds NUL, and creates no account', async () => {
    const res = await register('Sam\u0000');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'displayName must not contain NUL characters' });
    expect(await t.db.select().from(users).where(eq(users.email, 'nul@example.com'))).toEqual([]);
  });

  it('refuses NUL in a nested field, a key, a query and a path', async () => {
    const { token } = await registerUser(t.app);
    const cases = [
      {
        method: 'POST',
        url: '/api/ext/posts',
        payload: { platform: 'x', url: 'https://x.com/1', tags: ['a\u0000'] },
      },
      {
        method: 'POST',
        url: '/api/ext/posts',
        payload: { platform: 'x', url: 'https://x.com/2', 'a\u0000': 1 },
      },
      { method: 'GET', url: '/api/ext/posts?platform=x%00' },
      { method: 'DELETE', url: '/api/ext/posts/abc%00' },
    ] as const;
    for (const c of cases) {
      const res = await t.app.inject({ ...c, headers: bearer(token) });
      expect(res.statusCode, c.url).toBe(400);
      expect(res.json().message).toMatch(/must not contain NUL characters$/);
    }
  });

  it('still takes the same request without the NUL', async () => {
    const res = await register('Sam');
    expect(res.statusCode).toBe(200);
  });
});
