import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  portalRequestSchema,
  subscriptionChangeResponseSchema,
  subscriptionResponseSchema,
  urlResponseSchema,
} from '../../src/contract/billing';
import { messageSchema } from '../../src/contract/common';
import { requireUser } from '../plugins/auth';
import { badRequest, notFound } from '../errors';
import { stripeWebhookRoutes } from './webhookRoutes';
import {
  BILLING_NOT_CONFIGURED,
  localProvider,
  unconfiguredProvider,
  type BillingProvider,
} from './provider';
import { stripeProvider } from './stripeProvider';
import { NO_SUBSCRIPTION } from './localBilling';
import { hasComplimentaryGrant } from './planSync';
import { messagePage } from './localPages';
import { localPageRoutes } from './localPageRoutes';

const wantsJson = (request: FastifyRequest) => (request.headers.accept ?? '').includes('application/json');

const html = (reply: FastifyReply, code: number, body: string) =>
  reply.code(code).type('text/html; charset=utf-8').send(body);

export async function billingRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, clock, config } = app.ctx;
  const stripe = config.billingProvider === 'stripe' ? stripeProvider({ db, clock, config }) : null;
  const provider: BillingProvider =
    stripe ??
    (config.billingProvider === 'local'
      ? localProvider({ db, clock, config })
      : unconfiguredProvider({ db }));
  if (config.billingProvider === 'local' && config.NODE_ENV === 'production') {
    app.log.warn(
      'BILLING_PROVIDER=local: the embedded test checkout sells Premium in production, and the test card 4242 4242 4242 4242 pays for it. Set the Stripe variables and BILLING_PROVIDER=stripe to take real payments.',
    );
  }

  await app.register(stripeWebhookRoutes(stripe));
  const webOrigin = new URL(config.webUrl).origin;

  // The embedded pages post plain HTML forms.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.get(
    '/billing/subscription',
    {
      schema: {
        tags: ['billing'],
        response: { 200: subscriptionResponseSchema, 401: messageSchema, 404: messageSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const subscription = await provider.getSubscription(user.id);
      const complimentary = await hasComplimentaryGrant(app.ctx, user.id);
      if (!subscription && !complimentary) throw notFound(NO_SUBSCRIPTION);
      return { subscription, complimentary };
    },
  );

  app.post(
    '/billing/create-portal-session',
    {
      schema: {
        tags: ['billing'],
        body: portalRequestSchema,
        response: {
          200: urlResponseSchema,
          400: messageSchema,
          401: messageSchema,
          404: messageSchema,
          503: messageSchema,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      if (new URL(request.body.return_url).origin !== webOrigin) {
        throw badRequest(`return_url must be on ${webOrigin}`);
      }
      // The url carries a page id that acts for the user: no cache keeps it.
      reply.header('Cache-Control', 'no-store');
      return provider.createPortalSession(user.id, request.body.return_url);
    },
  );

  app.post(
    '/billing/cancel-subscription',
    {
      schema: {
        tags: ['billing'],
        response: {
          200: subscriptionChangeResponseSchema,
          401: messageSchema,
          404: messageSchema,
          503: messageSchema,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const subscription = await provider.cancelAtPeriodEnd(user.id);
      return { message: 'Subscription will be canceled at the end of your billing period.', subscription };
    },
  );

  app.post(
    '/billing/reactivate-subscription',
    {
      schema: {
        tags: ['billing'],
        response: {
          200: subscriptionChangeResponseSchema,
          401: messageSchema,
          404: messageSchema,
          503: messageSchema,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const subscription = await provider.reactivate(user.id);
      return { message: 'Subscription reactivated successfully!', subscription };
    },
  );

  // The web app calls this with its bearer header and Accept: application/json, then sends its new tab to {url}.
  app.get(
    '/auth/stripe/create-checkout-session',
    { schema: { tags: ['billing'] } },
    async (request, reply) => {
      if (!request.user) {
        if (wantsJson(request)) return reply.code(401).send({ message: 'Please sign in to continue.' });
        return html(
          reply,
          401,
          messagePage(
            'Sign in required',
            'Please sign in to your account, then start checkout from your dashboard.',
            {
              href: `${config.webUrl}/dashboard/login`,
              label: 'Sign in',
            },
          ),
        );
      }
      if (!config.billingProvider && !wantsJson(request)) {
        return html(
          reply,
          503,
          messagePage('Billing unavailable', `${BILLING_NOT_CONFIGURED} Premium cannot be bought here yet.`, {
            href: `${config.webUrl}/dashboard`,
            label: 'Back to your account',
          }),
        );
      }
      const { url } = await provider.createCheckoutSession(request.user.id);
      reply.header('Cache-Control', 'no-store');
      if (wantsJson(request)) return { url };
      return reply.redirect(url, 303);
    },
  );

  // The embedded provider's pages exist only where it is the provider: elsewhere their paths are unknown.
  if (config.billingProvider === 'local') await app.register(localPageRoutes);
}
