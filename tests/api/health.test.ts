import { describe, expect, it } from 'vitest';
import { createServer, type AddressInfo } from 'node:net';
import { bearer, registerUser, sharedTestApp, startTestApp, withTestApp } from './harness';
import { adminSession, sharedAdminSession } from './fixtures';
import { runJobOnce } from '../../src-server/jobs/jobRunner';

/** A local port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Monitoring's secret in these tests (HEALTH_TOKEN wants at least 32 characters). */
const HEALTH_TOKEN = 'monitoring-secret-for-the-health-tests';
const t = sharedTestApp({ HEALTH_TOKEN });
const admin = sharedAdminSession(t, 'health-ops@example.com');
const health = (headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/healthz', headers });

/** /api/healthz of an app with these settings, as monitoring reads it; it answers 200 even when degraded. */
const healthWith = (env: Record<string, string>) =>
  withTestApp({ ...env, HEALTH_TOKEN }, async (other) => {
    const res = await other.app.inject({ method: 'GET', url: '/api/healthz', headers: bearer(HEALTH_TOKEN) });
    expect(res.statusCode).toBe(200);
    return res.json();
  });

describe('health and errors', () => {
  it('reports the database as reachable, and the job runner, to an operator', async () => {
    const res = await health(admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'up' });
    // No job has run in this test app yet: the runner is off in tests until a test drives it.
    expect(res.json().jobs).toEqual([]);
    // Without REDIS_URL there is no Redis to report.
    expect(res.json()).not.toHaveProperty('redis');
  });

  it('reports each job after it runs: its last run, success and failures', async () => {
    await runJobOnce(t.app.ctx, 'session-purge');
    const res = await health(bearer(HEALTH_TOKEN));
    const now = t.clock.now().toISOString();
    expect(res.json().jobs.find((j: { name: string }) => j.name === 'session-purge')).toEqual({
      name: 'session-purge',
      running: false,
      lastRunAt: now,
      lastSuccessAt: now,
      lastErrorAt: null,
      failures: 0,
      totalRuns: 1,
      totalFailures: 0,
      nextRunAt: new Date(t.clock.now().getTime() + 60 * 60_000).toISOString(),
    });
  });

  it('answers anyone else the status only: no database, Redis or job details', async () => {
    await runJobOnce(t.app.ctx, 'session-purge');
    const { token: userToken } = await registerUser(t.app);
    for (const headers of [
      {},
      bearer(userToken),
      bearer('monitoring-secret-for-the-health-test'),
      bearer(`${HEALTH_TOKEN}x`),
      { authorization: HEALTH_TOKEN },
    ]) {
      const res = await health(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
      expect(res.body).not.toContain('session-purge');
      expect(res.headers['cache-control']).toBe('no-store');
    }
    // The operator and monitoring see the job that ran.
    for (const headers of [admin.headers, bearer(HEALTH_TOKEN)]) {
      const jobs = (await health(headers)).json().jobs as { name: string }[];
      expect(jobs.map((j) => j.name)).toContain('session-purge');
    }
  });

  it('shows the details to operators only when no HEALTH_TOKEN is set', async () => {
    await withTestApp({}, async (other) => {
      const operator = await adminSession(other);
      const call = (headers: Record<string, string>) =>
        other.app.inject({ method: 'GET', url: '/api/healthz', headers });
      expect((await call(bearer(HEALTH_TOKEN))).json()).toEqual({ status: 'ok' });
      expect((await call(operator.headers)).json()).toMatchObject({ status: 'ok', database: 'up', jobs: [] });
    });
  });

  it('answers 503 when the database is down, to monitoring and operators as to anyone', async () => {
    const down = await startTestApp({ HEALTH_TOKEN });
    const operator = await adminSession(down);
    await down.database.close();
    try {
      for (const headers of [{}, bearer(HEALTH_TOKEN), operator.headers]) {
        const res = await down.app.inject({ method: 'GET', url: '/api/healthz', headers });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({ message: 'The database is unreachable.', database: 'down' });
      }
    } finally {
      await down.close();
    }
  });

  it('refuses a HEALTH_TOKEN shorter than 32 characters at start', async () => {
    await expect(startTestApp({ HEALTH_TOKEN: 'short' })).rejects.toThrow(
      'Invalid configuration: HEALTH_TOKEN must be at least 32 characters (a random secret) (got a hidden value)',
    );
  });

  it('reports Redis as up when REDIS_URL answers', async () => {
    expect(await healthWith({ REDIS_URL: 'redis://127.0.0.1:6379' })).toMatchObject({
      status: 'ok',
      database: 'up',
      redis: 'up',
    });
  });

  it('reports Redis as down, and the process as degraded but serving, when REDIS_URL does not answer', async () => {
    const nobody = await closedPort();
    expect(await healthWith({ REDIS_URL: `redis://127.0.0.1:${nobody}` })).toMatchObject({
      status: 'degraded',
      database: 'up',
      redis: 'down',
    });
  });

  it('answers unknown API paths with a JSON message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/Not found/);
  });

  it('sets the security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/healthz' });
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toMatch(/^3\./);
    expect(Object.keys(res.json().paths)).toContain('/api/healthz');
  });

  it('guards the admin prefix: 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/overview' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBeTruthy();
  });
});
