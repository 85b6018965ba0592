import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import { claimJob, ensureJobRows, finishJob, renewJobLease } from './jobLease';

/** A background job: what it does and how often. */
export interface JobDefinition {
  name: string;
  /** Time from the end of one run to the next. */
  everyMs: number;
  /** How long a run may go unrenewed before another process may take the job over. */
  leaseMs: number;
  /** `stopping` is aborted when the server shuts down: a long job should end at its next safe point. */
  run(ctx: AppContext, stopping: AbortSignal): Promise<void>;
}

export interface JobOutcome {
  name: string;
  /** False when the job was not due, or another process (or this one) was running it. */
  ran: boolean;
  error?: string;
}

export interface JobRunner {
  /** This process's name in the jobs table's lease_owner. */
  readonly owner: string;
  /** Runs every due job whose lease this process wins, and waits for them. */
  runDue(): Promise<JobOutcome[]>;
  /** Runs one job now whatever its schedule, unless someone holds its lease. */
  runOnce(name: string): Promise<JobOutcome>;
  /** Asks for a prompt run (e.g. mail just queued); does nothing until the runner is started. */
  nudge(name: string): void;
  /** Checks for due jobs every tickMs until stopped. */
  start(tickMs?: number): void;
  /** Stops ticking and waits for the runs in progress, so the database can close after it. */
  stop(): Promise<void>;
}

const newOwner = () => `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
const MAX_ERROR_CHARS = 500;

export function createJobRunner(
  ctx: AppContext,
  definitions: readonly JobDefinition[],
  opts: { owner?: string; log?: FastifyBaseLogger } = {},
): JobRunner {
  const owner = opts.owner ?? newOwner();
  const log = opts.log;
  const byName = new Map(definitions.map((d) => [d.name, d]));
  const inFlight = new Map<string, Promise<JobOutcome>>();
  const nudgedDuringRun = new Set<string>();
  let ensured: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let started = false;
  let stopping = false;
  const shutdown = new AbortController();

  const ensure = () => {
    ensured ??= ensureJobRows(ctx.db, [...byName.keys()], ctx.clock.now()).catch((err: unknown) => {
      ensured = null;
      throw err;
    });
    return ensured;
  };

  async function runJob(def: JobDefinition, force: boolean): Promise<JobOutcome> {
    await ensure();
    const claimed = await claimJob(ctx.db, def.name, owner, ctx.clock.now(), def.leaseMs, force);
    if (!claimed) return { name: def.name, ran: false };
    // A run longer than its lease renews it, so only a process that died loses the job to another.
    const heartbeat = setInterval(
      () => {
        renewJobLease(ctx.db, def.name, owner, ctx.clock.now(), def.leaseMs).catch((err: unknown) =>
          log?.warn({ job: def.name, err: (err as Error).message }, 'job lease renewal failed'),
        );
      },
      Math.max(1000, Math.floor(def.leaseMs / 3)),
    );
    heartbeat.unref();
    let error: string | null = null;
    try {
      await def.run(ctx, shutdown.signal);
    } catch (err) {
      error = String((err as Error)?.message ?? err).slice(0, MAX_ERROR_CHARS);
      log?.error({ job: def.name, err: error }, 'job failed');
    } finally {
      clearInterval(heartbeat);
    }
    await finishJob(ctx.db, def.name, owner, ctx.clock.now(), def.everyMs, error);
    return { name: def.name, ran: true, ...(error === null ? {} : { error }) };
  }

  /** One run at a time per job in this process; a nudge during a run asks for one more run after it. */
  function launch(def: JobDefinition, force: boolean): Promise<JobOutcome> {
    const running = inFlight.get(def.name);
    if (running) return running.then(() => ({ name: def.name, ran: false }));
    const run = runJob(def, force)
      .catch((err: unknown): JobOutcome => {
        // The database itself failed (claim or bookkeeping): the lease expires and the job runs again later.
        const error = String((err as Error)?.message ?? err).slice(0, MAX_ERROR_CHARS);
        log?.error({ job: def.name, err: error }, 'job runner could not reach the database');
        return { name: def.name, ran: false, error };
      })
      .finally(() => {
        inFlight.delete(def.name);
        if (nudgedDuringRun.delete(def.name) && started && !stopping) void launch(def, true);
      });
    inFlight.set(def.name, run);
    return run;
  }

  const definition = (name: string) => {
    const def = byName.get(name);
    if (!def) throw new Error(`Unknown job: ${name}`);
    return def;
  };

  return {
    owner,
    runDue: () => Promise.all([...byName.values()].map((def) => launch(def, false))),
    runOnce: (name) => launch(definition(name), true),
    nudge(name) {
      if (!started || stopping) return;
      const def = definition(name);
      if (inFlight.has(name)) nudgedDuringRun.add(name);
      else void launch(def, true);
    },
    start(tickMs = 5000) {
      if (started) return;
      started = true;
      const tick = () => {
        if (stopping) return;
        for (const def of byName.values()) if (!inFlight.has(def.name)) void launch(def, false);
      };
      timer = setInterval(tick, tickMs);
      timer.unref();
      tick();
    },
    async stop() {
      stopping = true;
      shutdown.abort();
      if (timer) clearInterval(timer);
      timer = null;
      await Promise.allSettled([...inFlight.values()]);
    },
  };
}

/** Runs one registered job now (tests and operators drive jobs this way; the schedule is ignored). */
export const runJobOnce = (ctx: AppContext, name: string) => ctx.jobs.runOnce(name);

/** Runs every registered job that is due. */
export const runDueJobs = (ctx: AppContext) => ctx.jobs.runDue();
