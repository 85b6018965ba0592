import { describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { registerUser, sharedTestApp } from './harness';
import { createJobRunner } from '../../src-server/jobs/jobRunner';
import { jobs } from '../../src-server/db/schema';

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

describe('database errors in the log', () => {
  /** The log lines written while `work` runs, each parsed. */
  async function logOf(
    work: () => Promise<unknown>,
  ): Promise<{ text: string; entries: Record<string, unknown>[] }> {
    const from = lines.length;
    await work();
    const written = lines.slice(from);
    return { text: written.join(''), entries: written.map((l) => JSON.parse(l) as Record<string, unknown>) };
  }

  it('keep the error code, constraint and table of a failed request, never its parameters', async () => {
    const email = `leak-${randomBytes(6).toString('hex')}@example.test`;
    // A check the new account fails, so the real insert of the register route fails in the database.
    await t.db.execute(
      sql`alter table users add constraint users_refuse_leak_test check (email not like 'leak-%') not valid`,
    );
    try {
      const { text, entries } = await logOf(async () => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: { email, password: 'leak-password-1', displayName: 'Leak Test' },
        });
        expect(res.statusCode).toBe(500);
        expect(res.json()).toEqual({ message: 'Something went wrong on our side. Please try again.' });
      });
      const logged = entries.find((e) => e.msg === 'unhandled error');
      expect(logged?.err).toMatchObject({
        type: 'DatabaseError',
        code: '23514',
        table: 'users',
        constraint: 'users_refuse_leak_test',
      });
      for (const leak of [email, 'leak-password-1', '$argon2', 'Leak Test', 'insert into', 'params'])
        expect(text).not.toContain(leak);
    } finally {
      await t.db.execute(sql`alter table users drop constraint users_refuse_leak_test`);
    }
  });

  it('keep the error code of a failed job, and leave its parameters out of the log and the jobs table', async () => {
    const secret = `hash-${randomBytes(12).toString('hex')}`;
    const runner = createJobRunner(
      t.app.ctx,
      [
        {
          name: 'test-db-error',
          everyMs: 60_000,
          leaseMs: 60_000,
          run: async (ctx) => {
            await ctx.db.execute(sql`select ${secret}::uuid`);
          },
        },
      ],
      { log: t.app.log },
    );
    const { text, entries } = await logOf(async () => {
      const outcome = await runner.runOnce('test-db-error');
      expect(outcome.error).toMatch(/22P02/);
      expect(outcome.error).not.toContain(secret);
    });
    expect(entries.find((e) => e.msg === 'job failed')?.err).toMatchObject({
      type: 'DatabaseError',
      code: '22P02',
    });
    expect(text).not.toContain(secret);
    const [row] = await t.db.select().from(jobs).where(eq(jobs.name, 'test-db-error'));
    expect(row.lastError).toMatch(/22P02/);
    expect(row.lastError).not.toContain(secret);
  });
});
