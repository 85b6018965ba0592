import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import type { AppConfig } from '../config';

type Directives = Record<string, string[]>;

const YEAR_SECONDS = 365 * 24 * 60 * 60;

const isHttps = (config: AppConfig) => config.webUrl.startsWith('https://');

/** The web app's policy: its own scripts only; the API host may be called and posted to. */
export function appDirectives(config: AppConfig): Directives {
  const apiOrigin = new URL(config.apiUrl).origin;
  const directives: Directives = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    // MUI's emotion injects style tags at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': [...new Set(["'self'", apiOrigin])],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': [...new Set(["'self'", apiOrigin])],
    'frame-ancestors': ["'none'"],
  };
  // Over https, a stray http:// reference is upgraded instead of loaded in clear text.
  if (isHttps(config)) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/**
 * The Swagger UI's policy. Its page loads its own bundle from /api/docs/static, styles its widgets with
 * inline style attributes and draws icons from data: URLs; it calls only this API. Nothing else is allowed,
 * and inline scripts stay forbidden.
 */
export function docsContentSecurityPolicy(config: AppConfig): string {
  const directives: Directives = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  if (isHttps(config)) directives['upgrade-insecure-requests'] = [];
  return serialize(directives);
}

export const serialize = (directives: Directives): string =>
  Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');

/**
 * helmet's headers on every response, carrying our CSP. Strict-Transport-Security only when the web app is
 * served over https: sent over plain http it would be ignored at best, and would lock a misconfigured
 * http-only host out of browsers at worst.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: AppConfig): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: appDirectives(config) },
    strictTransportSecurity: isHttps(config) ? { maxAge: YEAR_SECONDS, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // The API may live on a sibling host of the web app (api.example.com next to example.com).
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
}
