import type { FastifyServerOptions } from 'fastify';
import { errorForLog } from './errorLog';

const SECRET_QUERY = /([?&](?:token|auth_token|code|state|session)=)[^&#]*/gi;
/** The embedded billing pages' ids sit in the path, and one acts for its user for 30 minutes. */
const SECRET_PATH = /(\/billing\/local\/(?:checkout|portal)\/)[^/?#]+/gi;

/** Request URLs can carry one-time tokens (reset links, OAuth callbacks, billing pages): never log their values. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]').replace(SECRET_PATH, '$1[redacted]');
}

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'body.password',
        'body.newPassword',
        'body.token',
      ],
      censor: '[redacted]',
    },
    serializers: {
      // Every logged error, from a request, a job or the start-up: database errors without their parameters.
      err: errorForLog,
      req: (req: { method: string; url: string; hostname?: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        hostname: req.hostname,
        remoteAddress: req.ip,
      }),
    },
  };
}
