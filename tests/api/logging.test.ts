import { describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { registerUser, sharedTestApp } from './harness';

const lines: string[] = [];
const sink = new Writable({
  write(chunk, _enc, done) {
    lines.push(String(chunk));
    done();
  },
});
const t = sharedTestApp({ LOG_LEVEL: 'info' }, { logger: true, logStream: sink });

describe('request logs', () => {
  it('are structured JSON and never contain tokens or passwords', async () => {
    const { token, email } = await registerUser(t.app, { password: 'super-secret-pw-1' });
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'super-secret-pw-1' },
    });
    await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    await t.app.inject({ method: 'GET', url: `/api/auth/me?auth_token=${token}` });
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: 'reset-token-value-123', newPassword: 'another-secret-2' },
    });
    await t.app.inject({
      method: 'GET',
      url: '/api/auth/google/callback?state=state-value-xyz&code=code-value-xyz',
    });

    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(5);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    expect(log).toContain('"url":"/api/auth/me?auth_token=[redacted]"');
    for (const secret of [
      token,
      'super-secret-pw-1',
      'another-secret-2',
      'reset-token-value-123',
      'state-value-xyz',
      'code-value-xyz',
    ]) {
      expect(log).not.toContain(secret);
    }
  });
});
