import { describe, expect, it } from 'vitest';
import { createServer, type AddressInfo } from 'node:net';
import { sharedTestApp, withTestApp } from './harness';
import { runJobOnce } from '../../src-server/jobs/jobRunner';

/** A local port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const t = sharedTestApp();

/** /api/healthz of an app with these settings, which answers 200 even when degraded. */
const healthWith = (env: Record<string, string>) =>
  withTestApp(env, async (other) => {
    const res = await other.app.inject({ method: 'GET', url: '/api/healthz' });
    expect(res.statusCode).toBe(200);
    return res.json();
  });

describe('health and errors', () => {
  it('reports the database as reachable, and the job runner', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'up' });
    // No job has run in this test app yet: the runner is off in tests until a test drives it.
    expect(res.json().jobs).toEqual([]);
    // Without REDIS_URL there is no Redis to report.
    expect(res.json()).not.toHaveProperty('redis');
  });

  it('reports each job after it runs: its last run, success and failures', async () => {
    await runJobOnce(t.app.ctx, 'session-purge');
    const res = await t.app.inject({ method: 'GET', url: '/api/healthz' });
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
