import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config';
import type { Clock } from './clock';
import type { Db } from './db/connect';
import type { Mailer } from './mail/mailer';
import type { RateLimitStore } from './plugins/rateLimit';
import type { UserRow } from './db/schema';
import type { MediaStore } from './media/mediaStore';
import type { Metrics } from './metrics/metrics';

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
  /** Prometheus counters and histograms (metrics/metrics.ts); kept whether or not an endpoint serves them. */
  metrics: Metrics;
  /** Uploaded media bytes (the extension's post images). */
  media: MediaStore;
  /** Support screenshots sent with contact messages; their rows keep `uploads/<key>`. */
  uploads: MediaStore;
}

// The job runner's face (src-server/jobs/jobRunner.ts builds it) lives beside the context it is part of: its
// jobs take the context, so declaring it in the runner's module would make the two modules import each other.

/** A job's work, run with the context; `stopping` is aborted when the server shuts down. */
export type JobWork = (ctx: AppContext, stopping: AbortSignal) => Promise<void>;

export interface JobOutcome {
  name: string;
  /** False when the job was not due, or another process (or this one) was running it. */
  ran: boolean;
  error?: string;
}

/** A job this process has claimed by hand: it holds the lease until the run ends or the claim is released. */
export interface ClaimedJob {
  /**
   * Runs the job in this process with the usual lease renewal and bookkeeping; `work` replaces the job's own
   * run for this once (e.g. to carry on what the request that claimed it has just recorded).
   */
  run(work?: JobWork): Promise<JobOutcome>;
  /** Gives the lease back unused. */
  release(): Promise<void>;
}

export interface JobRunner {
  /** This process's name in the jobs table's lease_owner. */
  readonly owner: string;
  /** Runs every due job whose lease this process wins, and waits for them. */
  runDue(): Promise<JobOutcome[]>;
  /** Runs one job now whatever its schedule, unless someone holds its lease. */
  runOnce(name: string): Promise<JobOutcome>;
  /**
   * Claims one job now whatever its schedule, so a request can tell at once whether it started it; null when
   * a process (this one included) holds its lease. Works whether or not the runner ticks.
   */
  claim(name: string): Promise<ClaimedJob | null>;
  /** Asks for a prompt run (e.g. mail just queued); does nothing until the runner is started. */
  nudge(name: string): void;
  /** Checks for due jobs every tickMs until stopped. */
  start(tickMs?: number): void;
  /** Stops ticking and waits for the runs in progress, so the database can close after it. */
  stop(): Promise<void>;
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
