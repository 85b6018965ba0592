import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import {
  portalRequestSchema,
  subscriptionChangeResponseSchema,
  subscriptionResponseSchema,
  urlResponseSchema,
} from '../../src/contract/billing';
import { requireUser } from '../plugins/auth';
import { badRequest, HttpError, notFound } from '../errors';
import { billingCustomers, users } from '../db/schema';
import { localProvider, type BillingProvider } from './provider';
import { stripeProvider } from './stripeProvider';
import {
  NO_SUBSCRIPTION,
  changeLocalCard,
  completeLocalCheckout,
  findSubscription,
  setCancelAtPeriodEnd,
} from './localBilling';
import { hasComplimentaryGrant } from './planSync';
import { claimPageSession, createPageSession, findPageSession } from './pageSessions';
import { checkoutPage, messagePage, portalPage } from './localPages';

const message = z.object({ message: z.string() });

const wantsJson = (request: FastifyRequest) => (request.headers.accept ?? '').includes('application/json');

const html = (reply: FastifyReply, code: number, body: string) =>
  reply.code(code).type('text/html; charset=utf-8').send(body);

export async function billingRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, clock, config } = app.ctx;
  const stripe = config.STRIPE_SECRET_KEY ? stripeProvider({ db, clock, config }) : null;
  const provider: BillingProvider = stripe ?? localProvider({ db, clock, config });

  // Stripe signs the exact bytes it sent, so the webhook reads the raw body in its own scope.
  await app.register(async (hook) => {
    hook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
      done(null, body),
    );
    hook.post('/billing/webhook', { schema: { tags: ['billing'], security: [] } }, async (request) => {
      if (!stripe) throw notFound('Billing webhooks are not enabled.');
      const signature = request.headers['stripe-signature'];
      return stripe.handleWebhook(
        request.body as Buffer,
        typeof signature === 'string' ? signature : undefined,
      );
    });
  });
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
        response: { 200: subscriptionResponseSchema, 401: message, 404: message },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const subscription = await provider.getSubscription(user.id);
      const complimentary = await hasComplimentaryGrant(db, user.id);
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
        response: { 200: urlResponseSchema, 400: message, 401: message, 404: message },
      },
    },
    async (request) => {
      const user = requireUser(request);
      if (new URL(request.body.return_url).origin !== webOrigin) {
        throw badRequest(`return_url must be on ${webOrigin}`);
      }
      return provider.createPortalSession(user.id, request.body.return_url);
    },
  );

  app.post(
    '/billing/cancel-subscription',
    {
      schema: {
        tags: ['billing'],
        response: { 200: subscriptionChangeResponseSchema, 401: message, 404: message },
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
        response: { 200: subscriptionChangeResponseSchema, 401: message, 404: message },
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
      const { url } = await provider.createCheckoutSession(request.user.id);
      if (wantsJson(request)) return { url };
      return reply.redirect(url, 303);
    },
  );

  // --- The embedded provider's hosted pages (served on the API host) ---
  const expired = (reply: FastifyReply) =>
    html(
      reply,
      404,
      messagePage(
        'Link expired',
        'This billing link has expired or was already used. Please start again from your account.',
        {
          href: `${config.webUrl}/dashboard`,
          label: 'Back to your account',
        },
      ),
    );
  const idParams = z.object({ id: z.string().max(100) });
  const cardForm = z.object({
    cardNumber: z.string().default(''),
    couponCode: z.string().max(64).optional(),
  });

  async function trialAvailable(userId: string) {
    const [c] = await db.select().from(billingCustomers).where(eq(billingCustomers.userId, userId));
    return !c?.trialUsed;
  }

  app.get(
    '/billing/local/checkout/:id',
    { schema: { hide: true, params: idParams } },
    async (request, reply) => {
      const session = await findPageSession(db, clock.now(), request.params.id, 'checkout');
      if (!session) return expired(reply);
      const action = `${config.apiUrl}/billing/local/checkout/${session.id}`;
      return html(reply, 200, checkoutPage({ action, trial: await trialAvailable(session.userId) }));
    },
  );

  app.post(
    '/billing/local/checkout/:id',
    { schema: { hide: true, params: idParams, body: cardForm } },
    async (request, reply) => {
      const session = await findPageSession(db, clock.now(), request.params.id, 'checkout');
      if (!session) return expired(reply);
      try {
        // Claiming the page and starting the subscription commit together: of two concurrent submits one wins,
        // the other finds the page used; a declined card rolls the claim back so the page can be tried again.
        const started = await db.transaction(async (tx) => {
          const claimed = await claimPageSession(tx, clock.now(), session.id, 'checkout');
          if (!claimed) return false;
          await completeLocalCheckout(tx, clock, claimed.userId, request.body);
          return true;
        });
        if (!started) return expired(reply);
      } catch (err) {
        if (!(err instanceof HttpError) || err.statusCode >= 500) throw err;
        const action = `${config.apiUrl}/billing/local/checkout/${session.id}`;
        const trial = await trialAvailable(session.userId);
        return html(
          reply,
          err.statusCode,
          checkoutPage({ action, trial, error: err.message, coupon: request.body.couponCode }),
        );
      }
      return html(
        reply,
        200,
        messagePage(
          'Subscription started',
          'Thank you! Your Pro subscription is ready. You can close this tab.',
          {
            href: session.returnUrl,
            label: 'Go to your dashboard',
          },
        ),
      );
    },
  );

  async function renderPortal(
    reply: FastifyReply,
    id: string,
    notice?: { ok?: string; error?: string },
    code = 200,
  ) {
    const session = await findPageSession(db, clock.now(), id, 'portal');
    if (!session) return expired(reply);
    const sub = await findSubscription(db, clock, session.userId);
    if (!sub) return expired(reply);
    const [user] = await db.select({ plan: users.plan }).from(users).where(eq(users.id, session.userId));
    return html(
      reply,
      code,
      portalPage({
        base: `${config.apiUrl}/billing/local/portal/${id}`,
        sub,
        plan: user?.plan ?? 'free',
        returnUrl: session.returnUrl,
        notice: notice?.ok,
        error: notice?.error,
      }),
    );
  }

  app.get('/billing/local/portal/:id', { schema: { hide: true, params: idParams } }, async (request, reply) =>
    renderPortal(reply, request.params.id),
  );

  const portalAction = z.object({
    id: z.string().max(100),
    action: z.enum(['cancel', 'reactivate', 'card']),
  });
  app.post(
    '/billing/local/portal/:id/:action',
    { schema: { hide: true, params: portalAction, body: cardForm.partial().nullish() } },
    async (request, reply) => {
      const { id, action } = request.params;
      // Each portal page is good for one action: replaying the same form (or a leaked URL) finds it used. The
      // page that answers carries a fresh id for the next action.
      const session = await claimPageSession(db, clock.now(), id, 'portal');
      if (!session) return expired(reply);
      const next = await createPageSession(db, clock.now(), session.userId, 'portal', session.returnUrl);
      try {
        if (action === 'card')
          await changeLocalCard(db, clock, session.userId, request.body?.cardNumber ?? '');
        else await setCancelAtPeriodEnd(db, clock, session.userId, action === 'cancel');
      } catch (err) {
        if (!(err instanceof HttpError) || err.statusCode >= 500) throw err;
        return renderPortal(reply, next, { error: err.message }, err.statusCode);
      }
      const ok =
        action === 'cancel'
          ? 'Subscription will be canceled at the end of your billing period.'
          : action === 'reactivate'
            ? 'Subscription reactivated successfully!'
            : 'Card updated.';
      return renderPortal(reply, next, { ok });
    },
  );
}
