import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../errors';
import { changeLocalCard, findSubscription, setCancelAtPeriodEnd } from './localBilling';
import { claimPageSession, createPageSession, findPageSession } from './pageSessions';
import { checkoutFromPage, planOf, trialAvailable } from './localPageService';
import { checkoutPage, messagePage, portalPage } from './localPages';

const html = (reply: FastifyReply, code: number, body: string) =>
  reply.code(code).type('text/html; charset=utf-8').send(body);

/** The embedded provider's hosted checkout and portal pages, served on the API host. */
export async function localPageRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const { config } = ctx;
  // Each page and each answer to its forms carries a page id that acts for the user: no cache keeps one.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

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

  app.get(
    '/billing/local/checkout/:id',
    { schema: { hide: true, params: idParams } },
    async (request, reply) => {
      const session = await findPageSession(ctx, request.params.id, 'checkout');
      if (!session) return expired(reply);
      const action = `${config.apiUrl}/billing/local/checkout/${request.params.id}`;
      return html(reply, 200, checkoutPage({ action, trial: await trialAvailable(ctx, session.userId) }));
    },
  );

  app.post(
    '/billing/local/checkout/:id',
    { schema: { hide: true, params: idParams, body: cardForm } },
    async (request, reply) => {
      const session = await findPageSession(ctx, request.params.id, 'checkout');
      if (!session) return expired(reply);
      try {
        const started = await checkoutFromPage(ctx, request.params.id, request.body);
        if (!started) return expired(reply);
      } catch (err) {
        if (!(err instanceof HttpError) || err.statusCode >= 500) throw err;
        const action = `${config.apiUrl}/billing/local/checkout/${request.params.id}`;
        const trial = await trialAvailable(ctx, session.userId);
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
    const session = await findPageSession(ctx, id, 'portal');
    if (!session) return expired(reply);
    const sub = await findSubscription(ctx, session.userId);
    if (!sub) return expired(reply);
    const plan = await planOf(ctx, session.userId);
    return html(
      reply,
      code,
      portalPage({
        base: `${config.apiUrl}/billing/local/portal/${id}`,
        sub,
        plan,
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
      const session = await claimPageSession(ctx, id, 'portal');
      if (!session) return expired(reply);
      const next = await createPageSession(ctx, session.userId, 'portal', session.returnUrl);
      try {
        if (action === 'card') await changeLocalCard(ctx, session.userId, request.body?.cardNumber ?? '');
        else await setCancelAtPeriodEnd(ctx, session.userId, action === 'cancel');
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
