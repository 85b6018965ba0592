import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config';
import type { Clock } from './clock';
import type { Db } from './db/connect';
import type { Mailer } from './mail/mailer';
import type { RateLimitStore } from './plugins/rateLimit';
import type { UserRow } from './db/schema';
import type { JobRunner } from './jobs/jobRunner';
import type { MediaStore } from './media/mediaStore';

/** What every route module and service may use; built once in buildApp. */
export interface AppContext {
  config: AppConfig;
  db: Db;
  clock: Clock;
  mailer: Mailer;
  rateLimits: RateLimitStore;
  /** The background jobs (mail delivery, purges, billing sweep); ticking only where the server started it. */
  jobs: JobRunner;
  log: FastifyBaseLogger;
  /** Uploaded media bytes (the extension's post images). */
  media: MediaStore;
  /** Support screenshots sent with contact messages; their rows keep `uploads/<key>`. */
  uploads: MediaStore;
}

/**
 * The first argument of every service: the whole AppContext, or this part of it where the database and the clock
 * are all it needs (a transaction passes `{ ...ctx, db: tx }`).
 */
export type DbContext = Pick<AppContext, 'db' | 'clock'>;

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    /** The signed-in user, resolved from the bearer token; null when none or invalid. */
    user: UserRow | null;
  }
}
