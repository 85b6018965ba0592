import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext, JobOutcome, JobRunner, JobWork } from '../context';
import { errorText } from '../errorLog';
import { claimJob, ensureJobRows, finishJob, releaseJob, renewJobLease } from './jobLease';

/** A background job: what it does and how often. */
export interface JobDefinition {
  name: string;
  /** Time from the end of one run to the next. */
  everyMs: number;
  /** How long a run may go unrenewed before another process may take the job over. */
  leaseMs: number;
  /** When a new database first runs it (default at once): a daily job need not run on the first start. */
  firstRunAfterMs?: number;
  /** `stopping` is aborted when the server shuts down: a long job should end at its next safe point. */
  run: JobWork;
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
    const now = ctx.clock.now().getTime();
    const rows = [...byName.values()].map((d) => ({
      name: d.name,
      firstRunAt: new Date(now + (d.firstRunAfterMs ?? 0)),
    }));
    ensured ??= ensureJobRows(ctx.db, rows).catch((err: unknown) => {
      ensured = null;
      throw err;
    });
    return ensured;
  };

  async function runJob(def: JobDefinition, force: boolean): Promise<JobOutcome> {
    await ensure();
    const claimed = await claimJob(ctx.db, def.name, owner, ctx.clock.now(), def.leaseMs, force);
    if (!claimed) return { name: def.name, ran: false };
    return runClaimed(def, def.run);
  }

  /** Runs a job whose lease this process holds, renews it meanwhile, and records the outcome. */
  async function runClaimed(def: JobDefinition, work: JobDefinition['run']): Promise<JobOutcome> {
    // A run longer than its lease renews it, so only a process that died loses the job to another.
    const heartbeat = setInterval(
      () => {
        renewJobLease(ctx.db, def.name, owner, ctx.clock.now(), def.leaseMs).catch((err: unknown) =>
          log?.warn({ job: def.name, err }, 'job lease renewal failed'),
        );
      },
      Math.max(1000, Math.floor(def.leaseMs / 3)),
    );
    heartbeat.unref();
    let error: string | null = null;
    try {
      await work(ctx, shutdown.signal);
    } catch (err) {
      // The jobs table keeps the same text the log does: a database error without its parameters.
      error = errorText(err).slice(0, MAX_ERROR_CHARS);
      log?.error({ job: def.name, err }, 'job failed');
    } finally {
      clearInterval(heartbeat);
    }
    await finishJob(ctx.db, def.name, owner, ctx.clock.now(), def.everyMs, error);
    // Unit tests hand the runner a context without metrics.
    ctx.metrics?.jobRuns.inc({ job: def.name });
    if (error !== null) ctx.metrics?.jobFailures.inc({ job: def.name });
    return { name: def.name, ran: true, ...(error === null ? {} : { error }) };
  }

  /** One run at a time per job in this process; a nudge during a run asks for one more run after it. */
  function launch(def: JobDefinition, force: boolean): Promise<JobOutcome> {
    const running = inFlight.get(def.name);
    if (running) return running.then(() => ({ name: def.name, ran: false }));
    return track(def, runJob(def, force));
  }

  /** Keeps a run in inFlight until it ends, so stop() waits for it and this process starts no second one. */
  function track(def: JobDefinition, job: Promise<JobOutcome>): Promise<JobOutcome> {
    const run = job
      .catch((err: unknown): JobOutcome => {
        // The database itself failed (claim or bookkeeping): the lease expires and the job runs again later.
        const error = errorText(err).slice(0, MAX_ERROR_CHARS);
        log?.error({ job: def.name, err }, 'job runner could not reach the database');
        return { name: def.name, ran: false, error };
      })
      .finally(() => {
        // A claim may have replaced a tick's entry that lost the race for the lease: leave the claim's.
        if (inFlight.get(def.name) === run) inFlight.delete(def.name);
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
    async claim(name) {
      const def = definition(name);
      if (stopping || inFlight.has(name)) return null;
      await ensure();
      if (!(await claimJob(ctx.db, name, owner, ctx.clock.now(), def.leaseMs, true))) return null;
      let used = false;
      const once = () => {
        if (used) throw new Error(`The claim on ${name} was already used`);
        used = true;
      };
      return {
        run(work = def.run) {
          once();
          return track(def, runClaimed(def, work));
        },
        async release() {
          once();
          await releaseJob(ctx.db, name, owner);
        },
      };
    },
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
