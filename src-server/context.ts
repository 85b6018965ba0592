import type { AppConfig } from './config';
import type { Clock } from './clock';
import type { Db } from './db/connect';
import type { Mailer } from './mail/mailer';
import type { RateLimitStore } from './plugins/rateLimit';
import type { UserRow } from './db/schema';
import type { MediaStore } from './media/mediaStore';

/** What every route module and service may use; built once in buildApp. */
export interface AppContext {
  config: AppConfig;
  db: Db;
  clock: Clock;
  mailer: Mailer;
  rateLimits: RateLimitStore;
  /** Uploaded media bytes (the extension's post images). */
  media: MediaStore;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    /** The signed-in user, resolved from the bearer token; null when none or invalid. */
    user: UserRow | null;
  }
}
