import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  portalRequestSchema,
  subscriptionSchema,
  urlResponseSchema,
  type Subscription,
} from '../../src/contract/billing';
import { messageResponseSchema } from '../../src/contract/auth';
import { requireUser } from '../plugins/auth';
import { badRequest, notFound } from '../errors';
import { findSubscription, setCancelAtPeriodEnd, sweep, type SubscriptionRow } from './localBilling';
import { createBillingLink } from './billingLinks';
import { localPages } from './localPages';
import { esc, htmlPage } from './htmlPage';

const epoch = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);
export function toSubscription(row: SubscriptionRow): Subscription {
  return {
    status: row.status,
    currentPeriodStart: epoch(row.currentPeriodStart)!,
    currentPeriodEnd: epoch(row.currentPeriodEnd)!,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    trialEnd: epoch(row.trialEnd),
  };
}
const NO_SUBSCRIPTION = 'You have no subscription yet.';
const errors = { 400: messageResponseSchema, 401: messageResponseSchema, 404: messageResponseSchema };
const wantsJson = (request: FastifyRequest) => /application\/json/.test(String(request.headers.accept ?? ''));

export async function billingRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const webOrigin = new URL(ctx.config.webUrl).origin;

  // Renewals, failed payments and period-end cancellations happen on the clock, even for users who never look.
  const timer = setInterval(
    () =>
      void sweep(ctx).catch((err) => app.log.error({ err: (err as Error).message }, 'billing sweep failed')),
    60_000,
  );
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  app.get(
    '/billing/subscription',
    {
      schema: {
        tags: ['billing'],
        summary: 'The signed-in user’s subscription',
        response: { 200: z.object({ subscription: subscriptionSchema }), ...errors },
      },
    },
    async (request) => {
      const row = await findSubscription(ctx, requireUser(request).id);
      if (!row) throw notFound(NO_SUBSCRIPTION);
      return { subscription: toSubscription(row) };
    },
  );

  app.post(
    '/billing/create-portal-session',
    {
      schema: {
        tags: ['billing'],
        summary: 'A billing portal link that returns to return_url',
        body: portalRequestSchema,
        response: { 200: urlResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      let returnUrl: URL;
      try {
        returnUrl = new URL(request.body.return_url);
      } catch {
        throw badRequest('return_url must be a URL of the web app');
      }
      if (returnUrl.origin !== webOrigin) throw badRequest('return_url must be a URL of the web app');
      if (!(await findSubscription(ctx, user.id))) throw notFound(NO_SUBSCRIPTION);
      return { url: await createBillingLink(ctx, user.id, 'portal', returnUrl.href) };
    },
  );

  for (const [path, cancel, message] of [
    [
      '/billing/cancel-subscription',
      true,
      'Subscription will be canceled at the end of your billing period.',
    ],
    ['/billing/reactivate-subscription', false, 'Subscription reactivated successfully!'],
  ] as const) {
    app.post(
      path,
      {
        schema: {
          tags: ['billing'],
          summary: cancel ? 'Cancel at period end' : 'Take back a pending cancellation',
          response: { 200: z.object({ message: z.string(), subscription: subscriptionSchema }), ...errors },
        },
      },
      async (request) => {
        const row = await setCancelAtPeriodEnd(ctx, requireUser(request).id, cancel);
        if (!row) throw notFound(NO_SUBSCRIPTION);
        return { message, subscription: toSubscription(row) };
      },
    );
  }

  app.get(
    '/auth/stripe/create-checkout-session',
    {
      schema: {
        tags: ['billing'],
        summary:
          'Start checkout: with Accept: application/json, answers {url}; a plain navigation is redirected',
        response: { 200: urlResponseSchema },
      },
    },
    async (request, typedReply) => {
      // The 401 answers are outside the 200 schema: a JSON message, or a page for a bare navigation.
      const reply = typedReply as FastifyReply;
      if (!request.user) {
        if (wantsJson(request)) return reply.code(401).send({ message: 'Please sign in to continue.' });
        // A bare browser navigation carries no credentials: explain instead of showing JSON.
        return reply
          .code(401)
          .type('text/html; charset=utf-8')
          .send(
            htmlPage(
              'Sign in first',
              `<h1>Please sign in first</h1><p>Open the upgrade from your Postkeeper dashboard.</p><p><a class="btn" href="${esc(ctx.config.webUrl)}/dashboard/login">Sign in</a></p>`,
            ),
          );
      }
      const url = await createBillingLink(
        ctx,
        request.user.id,
        'checkout',
        `${ctx.config.webUrl}/dashboard?checkout=success`,
      );
      if (wantsJson(request)) return { url };
      return reply.redirect(url, 303);
    },
  );

  await app.register(localPages);
}
