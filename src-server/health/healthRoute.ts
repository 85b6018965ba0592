import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { healthSchema, healthStatusSchema } from '../../src/contract/health';
import type { AppContext } from '../context';
import { findSessionUser } from '../auth/sessions';
import { bearerToken } from '../plugins/auth';
import { jobHealth } from '../jobs/jobHealth';
import { probeRoutes } from './probeRoutes';

/** A health check must answer fast even when Redis hangs: a load balancer waits for it. */
const REDIS_PING_TIMEOUT_MS = 500;

const digest = (s: string) => createHash('sha256').update(s).digest();

/** The monitoring secret, compared in constant time (both sides hashed first, so their lengths match too). */
function isHealthToken(token: string, healthToken: string | undefined): boolean {
  return healthToken !== undefined && timingSafeEqual(digest(token), digest(healthToken));
}

/**
 * Who sees the details (docs/deploy.md, the health check): monitoring with `Bearer <HEALTH_TOKEN>`, or an
 * operator's session. Asked only once the database has answered, so a bearer never turns a 503 into a 500.
 */
async function seesDetails(ctx: AppContext, request: FastifyRequest): Promise<boolean> {
  const token = bearerToken(request);
  if (!token) return false;
  if (isHealthToken(token, ctx.config.HEALTH_TOKEN)) return true;
  const user = await findSessionUser(ctx, token, { idleDays: ctx.config.SESSION_IDLE_DAYS });
  return user?.role === 'admin';
}

/**
 * GET /api/healthz: 200 while the database answers (`degraded` while Redis does not), 503 when it does not.
 * Anyone gets the status; the database, Redis and every job's runs and failures only operators and monitoring:
 * job names, schedules and failure times tell an outsider what runs inside and when it broke.
 */
export async function healthRoute(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  await app.register(probeRoutes, { seesDetails });
  app.get(
    '/healthz',
    {
      // The auth hook would look the bearer up before the database ping: this route does it after.
      config: { resolvesOwnUser: true },
      schema: {
        tags: ['health'],
        summary: 'Health: the status for anyone; with it the database, Redis and jobs for operators',
        security: [],
        response: {
          200: z.union([healthSchema, healthStatusSchema]),
          503: z.object({ message: z.string(), database: z.literal('down') }),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        await ctx.db.execute(sql`select 1`);
      } catch {
        return reply.code(503).send({ message: 'The database is unreachable.', database: 'down' as const });
      }
      const redisUp = await ctx.rateLimits.ping?.(REDIS_PING_TIMEOUT_MS);
      const redis = redisUp === undefined ? undefined : redisUp ? ('up' as const) : ('down' as const);
      const status = redis === 'down' ? ('degraded' as const) : ('ok' as const);
      if (!(await seesDetails(ctx, request))) return { status };
      return { status, database: 'up' as const, ...(redis ? { redis } : {}), jobs: await jobHealth(ctx) };
    },
  );
}
