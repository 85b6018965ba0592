import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';

export function contentSecurityPolicy(config: AppConfig): string {
  const apiOrigin = new URL(config.apiUrl).origin;
  const connect = new Set(["'self'", apiOrigin]);
  return [
    "default-src 'self'",
    "script-src 'self'",
    // MUI's emotion injects style tags at run time.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${[...connect].join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self' ${apiOrigin}`,
    "frame-ancestors 'none'",
  ].join('; ');
}

export function registerSecurityHeaders(app: FastifyInstance, config: AppConfig): void {
  const csp = contentSecurityPolicy(config);
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('X-Content-Type-Options', 'nosniff');
    const type = String(reply.getHeader('content-type') ?? '');
    if (
      type.startsWith('text/html') &&
      !reply.getHeader('content-security-policy') &&
      !request.url.startsWith('/api/docs')
    ) {
      reply.header('Content-Security-Policy', csp);
    }
    return payload;
  });
}
