import Fastify, { type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import type { Db } from './db/connect';
import { systemClock, type Clock } from './clock';
import { createMailer, type Mailer } from './mail/mailer';
import { createJobRunner } from './jobs/jobRunner';
import { JOBS } from './jobs/jobList';
import type { AppContext } from './context';
import { registerErrorHandler } from './plugins/errors';
import { registerNoNul } from './plugins/noNul';
import { registerJsonBody } from './plugins/jsonBody';
import { adminGuard, extGuard, registerAuth } from './plugins/auth';
import { registerSecurityHeaders } from './plugins/securityHeaders';
import { memoryRateLimitStore, redisRateLimitStore, type RateLimitStore } from './plugins/rateLimit';
import { registerOpenApi } from './openapi';
import { loggerOptions } from './logging';
import { fastifyTrustProxy } from './net/trustProxy';
import { registerWebApp } from './web/static';
import { authRoutes } from './auth/routes';
import { contactRoutes } from './contact/routes';
import { billingRoutes } from './billing/routes';
import { adminRoutes } from './admin/routes';
import { registerAuditGuard, type AdminWriteRoute } from './admin/auditGuard';
import { extRoutes } from './ext/routes';
import { aiRoutes } from './ai/routes';
import { healthRoute } from './health/healthRoute';
import type { MediaStore } from './media/mediaStore';
import { createStores } from './media/stores';
import { collectRouteTable } from './routeTable';
import { registerDrain } from './drain';
import { createMetrics } from './metrics/metrics';
import { registerMetrics } from './metrics/metricsRoute';
import { countBytesWritten } from './metrics/countBytesWritten';
import './context';

export interface BuildOptions {
  config: AppConfig;
  db: Db;
  clock?: Clock;
  mailer?: Mailer;
  rateLimits?: RateLimitStore;
  /** Where media bytes go (default: the store configuration chooses, see media/stores.ts). */
  mediaStore?: MediaStore;
  /** Where support screenshots go (default: as for media). */
  uploadStore?: MediaStore;
  /** The built web app's folder; omitted in API tests. */
  clientDir?: string;
  logger?: boolean;
  /** Where the JSON log lines go (default stdout); tests read them. */
  logStream?: NodeJS.WritableStream;
  /**
   * Start the background job runner (main.ts does). Off by default, so API tests drive jobs explicitly with
   * runJobOnce / runDueJobs and nothing runs behind their back.
   */
  runJobs?: boolean;
}

/** Builds the whole app without listening, so tests can inject requests. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            ...(loggerOptions(config.LOG_LEVEL) as object),
            ...(opts.logStream ? { stream: opts.logStream } : {}),
          },
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    bodyLimit: 1_048_576,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  collectRouteTable(app);

  const clock = opts.clock ?? systemClock;
  const stores = createStores(config);
  const ctx = {
    config,
    db: opts.db,
    clock,
    mailer: opts.mailer ?? createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM }),
    rateLimits:
      opts.rateLimits ??
      (config.REDIS_URL
        ? redisRateLimitStore(config.REDIS_URL, config.REDIS_KEY_PREFIX)
        : memoryRateLimitStore(clock)),
    log: app.log,
    metrics: createMetrics(opts.db),
    media: opts.mediaStore ?? stores.media,
    uploads: opts.uploadStore ?? stores.uploads,
  } as AppContext;
  // The runner's jobs receive this same context, so it is attached once the rest exists.
  ctx.jobs = createJobRunner(ctx, JOBS, { log: app.log });
  ctx.media = countBytesWritten(ctx.media, ctx.metrics.storageBytes.labels({ store: 'media' }));
  ctx.uploads = countBytesWritten(ctx.uploads, ctx.metrics.storageBytes.labels({ store: 'uploads' }));
  if (config.NODE_ENV === 'production' && !config.SMTP_URL) {
    app.log.warn(
      'SMTP_URL is not set: mail (password reset links, contact messages) cannot be delivered and waits in the outbox table.',
    );
  }
  if (opts.runJobs) app.addHook('onReady', async () => ctx.jobs.start());
  // Runs in progress finish before the database closes (main.ts closes it after the app).
  app.addHook('onClose', async () => ctx.jobs.stop());
  app.addHook('onClose', async () => ctx.rateLimits.close());
  app.addHook('onClose', async () => stores.close());
  app.decorate('ctx', ctx);
  // Counts the requests in flight and closes connections behind their answers once SIGTERM came (shutdown.ts).
  registerDrain(app);
  registerMetrics(app, ctx.metrics);
  const adminWrites: AdminWriteRoute[] = [];
  app.decorate('adminWriteRoutes', adminWrites);
  registerErrorHandler(app);
  registerJsonBody(app);
  registerNoNul(app);
  await registerSecurityHeaders(app, config);
  registerAuth(app);
  await registerOpenApi(app, config);

  const webOrigin = new URL(config.webUrl).origin;
  const apiOrigin = new URL(config.apiUrl).origin;
  if (webOrigin !== apiOrigin) {
    // The web app lives on another host: only its origin may call the API from a browser.
    await app.register(cors, {
      origin: [webOrigin],
      methods: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'],
      // Paged admin lists carry their total in X-Total-Count; their simple-rest answers also in Content-Range.
      exposedHeaders: ['X-Total-Count', 'Content-Range'],
      maxAge: 600,
    });
  }

  await app.register(
    async (api) => {
      await api.register(healthRoute);
      await api.register(authRoutes);
      await api.register(contactRoutes);
      await api.register(billingRoutes);
      // The one guard for /admin: every admin route is registered inside this scope.
      await api.register(
        async (admin) => {
          admin.addHook('onRequest', adminGuard);
          // Every admin write must leave an audit record (admin/audited.ts); the guard checks each one.
          registerAuditGuard(admin, adminWrites);
          await admin.register(adminRoutes);
          // Unknown admin paths answer only after the guard, so they reveal nothing to outsiders.
          admin.all('/*', { schema: { hide: true } }, async (request, reply) =>
            reply.code(404).send({ message: `Not found: ${request.method} ${request.url.split('?')[0]}` }),
          );
        },
        { prefix: '/admin' },
      );
      // The one guard for /ext: the extension's API and its AI requests.
      await api.register(
        async (ext) => {
          ext.addHook('onRequest', extGuard);
          await ext.register(extRoutes);
          await ext.register(aiRoutes, { prefix: '/ai' });
          ext.all('/*', { schema: { hide: true } }, async (request, reply) =>
            reply.code(404).send({ message: `Not found: ${request.method} ${request.url.split('?')[0]}` }),
          );
        },
        { prefix: '/ext' },
      );
    },
    { prefix: '/api' },
  );

  if (opts.clientDir) await registerWebApp(app, opts.clientDir);
  else
    app.setNotFoundHandler((request, reply) =>
      reply.code(404).send({ message: `Not found: ${request.method} ${request.url.split('?')[0]}` }),
    );
  return app;
}
