import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/connect';

/**
 * The server's Prometheus metrics (docs/deploy.md, metrics), one registry per app so tests can build several.
 * Counters count what this process did; Prometheus sums them over the processes. What lives in the database
 * (the outbox, each job's last success) is read at scrape time, so every process reports the same truth.
 */
export interface Metrics {
  registry: Registry;
  http: Histogram<'method' | 'route' | 'status_code'>;
  jobRuns: Counter<'job'>;
  jobFailures: Counter<'job'>;
  aiCalls: Counter<'provider' | 'model' | 'outcome'>;
  aiTokens: Counter<'provider' | 'model' | 'kind'>;
  aiFailures: Counter<'provider' | 'model' | 'reason'>;
  aiFallbacks: Counter<'from_provider' | 'from_model'>;
  rateLimited: Counter<'rule'>;
  storageBytes: Counter<'store'>;
}

interface OutboxRow {
  depth: number;
  age: number;
}
interface JobRow {
  name: string;
  last_success: string | null;
}

/** drizzle's execute answers `{ rows }` on both engines. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export function createMetrics(db: Db): Metrics {
  const registry = new Registry();
  // Memory, CPU, event-loop lag and open handles of this process.
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  new Gauge({
    name: 'postkeeper_outbox_depth',
    help: 'Mails waiting in the outbox (pending, or claimed and being sent), across all processes',
    registers,
    async collect() {
      const [row] = await outbox(db);
      if (row) this.set(row.depth);
    },
  });
  new Gauge({
    name: 'postkeeper_outbox_oldest_age_seconds',
    help: 'Age of the oldest mail still waiting in the outbox; 0 when none waits',
    registers,
    async collect() {
      const [row] = await outbox(db);
      if (row) this.set(Math.max(0, Number(row.age)));
    },
  });
  new Gauge({
    name: 'postkeeper_job_last_success_timestamp_seconds',
    help: 'When each background job last succeeded (Unix time), as the jobs table records it for all processes',
    labelNames: ['job'],
    registers,
    async collect() {
      const rows = await db
        .execute(sql`select name, extract(epoch from last_success_at)::text as last_success from jobs`)
        .then(rowsOf<JobRow>, () => []);
      this.reset();
      for (const r of rows) if (r.last_success) this.set({ job: r.name }, Number(r.last_success));
    },
  });

  return {
    registry,
    http: new Histogram({
      name: 'postkeeper_http_request_duration_seconds',
      help: 'Time to answer a request, by route pattern (never the raw URL) and status',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    jobRuns: new Counter({
      name: 'postkeeper_job_runs_total',
      help: 'Background job runs this process carried out',
      labelNames: ['job'],
      registers,
    }),
    jobFailures: new Counter({
      name: 'postkeeper_job_failures_total',
      help: 'Background job runs of this process that failed',
      labelNames: ['job'],
      registers,
    }),
    aiCalls: new Counter({
      name: 'postkeeper_ai_calls_total',
      help: 'AI provider calls, by provider, model and outcome (ok or failed)',
      labelNames: ['provider', 'model', 'outcome'],
      registers,
    }),
    aiTokens: new Counter({
      name: 'postkeeper_ai_tokens_total',
      help: 'Tokens the AI providers billed, by provider, model and kind (input or output)',
      labelNames: ['provider', 'model', 'kind'],
      registers,
    }),
    aiFailures: new Counter({
      name: 'postkeeper_ai_failures_total',
      help: 'AI provider calls that failed, by reason (timeout, unusable answer, not configured, provider error)',
      labelNames: ['provider', 'model', 'reason'],
      registers,
    }),
    aiFallbacks: new Counter({
      name: 'postkeeper_ai_fallbacks_total',
      help: 'AI requests that fell back to the default model, by the model that failed',
      labelNames: ['from_provider', 'from_model'],
      registers,
    }),
    rateLimited: new Counter({
      name: 'postkeeper_rate_limit_refusals_total',
      help: 'Requests refused with 429, by the rate-limit rule that refused them',
      labelNames: ['rule'],
      registers,
    }),
    storageBytes: new Counter({
      name: 'postkeeper_storage_bytes_written_total',
      help: 'Bytes written to media storage, by store (media or uploads)',
      labelNames: ['store'],
      registers,
    }),
  };
}

/** One query for both outbox gauges of a scrape; a database that does not answer leaves them as they were. */
function outbox(db: Db): Promise<OutboxRow[]> {
  return db
    .execute(
      sql`select count(*)::int as depth, coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as age
          from outbox where status in ('pending', 'sending')`,
    )
    .then(rowsOf<OutboxRow>, () => []);
}
