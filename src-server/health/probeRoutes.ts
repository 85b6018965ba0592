import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { migrationsFolder } from '../db/connect';
import type { AppContext } from '../context';

const REDIS_PING_TIMEOUT_MS = 500;

/** The newest migration this code ships (drizzle records each applied one's `when` as created_at). */
const newestMigration = (): number => {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((e) => e.when));
};

type Check = 'up' | 'down';
const readySchema = z.object({ status: z.literal('ready') });
const notReadySchema = z.object({ message: z.string() });
const detailsSchema = z.object({
  draining: z.boolean(),
  database: z.enum(['up', 'down']),
  redis: z.enum(['up', 'down']).optional(),
  migrations: z.enum(['applied', 'missing', 'unknown']),
});

/**
 * Liveness and readiness, apart from /api/healthz (docs/deploy.md, the health checks). Liveness says only that
 * the process answers: restart it when it does not. Readiness says whether to send it traffic: the database and
 * Redis answer, this code's migrations are applied, and it is not shutting down. Anyone gets the verdict; the
 * reasons go to monitoring (HEALTH_TOKEN) and operators only: healthRoute passes its own `seesDetails`.
 */
export async function probeRoutes(
  fastify: FastifyInstance,
  opts: { seesDetails: (ctx: AppContext, request: FastifyRequest) => Promise<boolean> },
): Promise<void> {
  const { seesDetails } = opts;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const wanted = newestMigration();
  // Once applied, the migrations stay applied: the check stops asking.
  let migrated = false;

  app.get(
    '/livez',
    {
      config: { resolvesOwnUser: true },
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process answers',
        security: [],
        response: { 200: z.object({ status: z.literal('alive') }) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'alive' as const };
    },
  );

  app.get(
    '/readyz',
    {
      config: { resolvesOwnUser: true },
      schema: {
        tags: ['health'],
        summary: 'Readiness: database, Redis and migrations ready, and not shutting down',
        security: [],
        response: {
          200: z.union([readySchema.extend(detailsSchema.shape), readySchema]),
          503: z.union([notReadySchema.extend(detailsSchema.shape), notReadySchema]),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const draining = app.drain.draining;
      let database: Check = 'up';
      try {
        if (!migrated) {
          const rows = await ctx.db.execute<{ newest: string | null }>(
            sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`,
          );
          const newest = Number(
            (rows as unknown as { rows?: { newest: string | null }[] }).rows?.[0]?.newest ?? 0,
          );
          migrated = newest >= wanted;
        } else await ctx.db.execute(sql`select 1`);
      } catch {
        database = 'down';
      }
      const redisUp = await ctx.rateLimits.ping?.(REDIS_PING_TIMEOUT_MS);
      const redis: Check | undefined = redisUp === undefined ? undefined : redisUp ? 'up' : 'down';
      const migrations =
        database === 'down' ? ('unknown' as const) : migrated ? ('applied' as const) : ('missing' as const);
      const ready = !draining && database === 'up' && redis !== 'down' && migrations === 'applied';
      const details = database === 'up' && (await seesDetails(ctx, request).catch(() => false));
      const facts = { draining, database, ...(redis ? { redis } : {}), migrations };
      if (ready) return details ? { status: 'ready' as const, ...facts } : { status: 'ready' as const };
      const message = draining ? 'This process is shutting down.' : 'This process is not ready.';
      return reply.code(503).send(details ? { message, ...facts } : { message });
    },
  );
}
