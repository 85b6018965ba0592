import { z } from 'zod';

/** One background job as GET /api/healthz reports it (times are ISO strings, null when it never happened). */
export const jobHealthSchema = z.object({
  name: z.string(),
  /** A process holds its lease now. */
  running: z.boolean(),
  lastRunAt: z.string().nullable(),
  lastSuccessAt: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  /** Failed runs since the last success. */
  failures: z.number().int(),
  totalRuns: z.number().int(),
  totalFailures: z.number().int(),
  nextRunAt: z.string().nullable(),
});
export type JobHealth = z.infer<typeof jobHealthSchema>;

/** GET /api/healthz for anyone: whether this process serves, and nothing about its insides. */
export const healthStatusSchema = z.object({
  /** 'degraded' while Redis does not answer: the process still serves, counting rate limits in memory. */
  status: z.enum(['ok', 'degraded']),
});

/** GET /api/healthz for an operator's session or the HEALTH_TOKEN: the status with what it is made of. */
export const healthSchema = healthStatusSchema.extend({
  database: z.literal('up'),
  /** Only when REDIS_URL is set. */
  redis: z.enum(['up', 'down']).optional(),
  jobs: z.array(jobHealthSchema),
});
