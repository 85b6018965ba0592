import { describe, expect, it } from 'vitest';
import { startTestApp, sharedTestApp } from './harness';

const YEAR = 31_536_000;
const maxAge = (header: unknown) => Number(/max-age=(\d+)/.exec(String(header))?.[1]);

describe('security headers over https', () => {
  const t = sharedTestApp({ WEB_URL: 'https://postkeeper.app' });

  it('sends Strict-Transport-Security for at least a year, with the app CSP and helmet’s other headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/healthz' });
    expect(maxAge(res.headers['strict-transport-security'])).toBeGreaterThanOrEqual(YEAR);
    const csp = String(res.headers['content-security-policy']);
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "connect-src 'self' https://postkeeper.app",
      "form-action 'self' https://postkeeper.app",
      "object-src 'none'",
      "frame-ancestors 'none'",
    ])
      expect(csp).toContain(directive);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('gives /api/docs its own CSP: Swagger UI’s inline styles and data: icons, still no inline script', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('swagger-ui');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data:");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("script-src-attr 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(maxAge(res.headers['strict-transport-security'])).toBeGreaterThanOrEqual(YEAR);
    // The app's pages keep the app's policy.
    const app = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(app.headers['content-security-policy']).not.toBe(res.headers['content-security-policy']);
  });
});

describe('security headers over plain http', () => {
  it('sends no Strict-Transport-Security when WEB_URL is http', async () => {
    const t = await startTestApp({ WEB_URL: 'http://localhost:3000' });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/healthz' });
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    } finally {
      await t.close();
    }
  });
});

describe('/api/docs in production', () => {
  it('is off unless API_DOCS=1; the OpenAPI document stays', async () => {
    const off = await startTestApp({ NODE_ENV: 'production' });
    const on = await startTestApp({ NODE_ENV: 'production', API_DOCS: '1' });
    try {
      for (const url of ['/api/docs', '/api/docs/', '/api/docs/json']) {
        const res = await off.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json().message).toMatch(/^Not found/);
      }
      expect((await off.app.inject({ method: 'GET', url: '/api/openapi.json' })).statusCode).toBe(200);
      expect((await on.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(200);
    } finally {
      await off.close();
      await on.close();
    }
  });
});
