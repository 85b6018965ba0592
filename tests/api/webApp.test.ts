import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestApp, withTestApp, type TestApp } from './harness';

let clientDir: string;
let t: TestApp;
beforeAll(async () => {
  clientDir = await mkdtemp(join(tmpdir(), 'postkeeper-client-'));
  await mkdir(join(clientDir, 'assets'));
  await writeFile(
    join(clientDir, 'index.html'),
    '<!doctype html><title>Landing</title><div id="root"><h1>Save posts</h1></div>',
  );
  await writeFile(join(clientDir, 'shell.html'), '<!doctype html><title>Shell</title><div id="root"></div>');
  await writeFile(join(clientDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  t = await startTestApp({}, { clientDir });
});
afterAll(async () => {
  await t.close();
  await rm(clientDir, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('serves the pre-rendered landing page at / with the security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Save posts');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it.each([
    '/dashboard',
    '/dashboard/settings',
    '/dashboard/reset-password?token=abc',
    '/admin/users',
    '/upgrade',
  ])('falls back to the app shell for the web route %s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Shell</title>');
    expect(res.headers['content-security-policy']).toBeDefined();
  });

  it.each([
    ['/login', '/dashboard/login'],
    ['/register', '/dashboard/register'],
    ['/settings?tab=billing', '/dashboard/settings?tab=billing'],
  ])('redirects %s to %s on the server', async (from, to) => {
    const res = await t.app.inject({ method: 'GET', url: from });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(to);
  });

  it('caches hashed assets for a year and answers a missing file with 404', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Not found: GET /api/nothing-here');
  });
});

describe('an API on another host', () => {
  it('allows cross-origin calls only from the web origin', async () => {
    await withTestApp(
      { WEB_URL: 'https://postkeeper.app', API_URL: 'https://api.postkeeper.app/api' },
      async (api) => {
        const ok = await api.app.inject({
          method: 'OPTIONS',
          url: '/api/auth/login',
          headers: { origin: 'https://postkeeper.app', 'access-control-request-method': 'POST' },
        });
        expect(ok.headers['access-control-allow-origin']).toBe('https://postkeeper.app');
        const evil = await api.app.inject({
          method: 'OPTIONS',
          url: '/api/auth/login',
          headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
        });
        expect(evil.headers['access-control-allow-origin']).toBeUndefined();
      },
    );
  });

  it('sends no CORS headers when web app and API share an origin', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/healthz',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});
