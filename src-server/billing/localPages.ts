import type { FastifyInstance, FastifyReply } from 'fastify';
import { PLANS } from '../../src/config';
import {
  CheckoutError,
  changeCard,
  completeCheckout,
  findSubscription,
  setCancelAtPeriodEnd,
  TRIAL_DAYS,
} from './localBilling';
import { findBillingLink, useBillingLink } from './billingLinks';
import { esc, htmlPage } from './htmlPage';
import { billingCustomers } from '../db/schema';
import { eq } from 'drizzle-orm';

const day = (d: Date | null) =>
  d
    ? d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })
    : 'N/A';
const html = (reply: FastifyReply, status: number, title: string, body: string) =>
  reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .send(htmlPage(title, body));
const expired = (reply: FastifyReply) =>
  html(
    reply,
    404,
    'Link expired',
    '<h1>This link has expired</h1><p>Go back to Postkeeper and open it again.</p>',
  );

/** The embedded provider's checkout and portal pages, served on the API host so the default works offline. */
export async function localPages(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const checkoutForm = async (token: string, userId: string, error?: string) => {
    const [customer] = await ctx.db
      .select()
      .from(billingCustomers)
      .where(eq(billingCustomers.userId, userId));
    const trial = !customer?.trialUsedAt;
    return `<h1>Postkeeper ${esc(PLANS.premium.name)}</h1>
<p class="price">${esc(PLANS.premium.price)} <small style="font-size:1rem;font-weight:500">per month</small></p>
<p>${trial ? `Start with a ${TRIAL_DAYS}-day free trial. You won't be charged until it ends; cancel anytime.` : 'Your free trial has been used; billing starts today. Cancel anytime.'}</p>
${error ? `<p class="err" role="alert">${esc(error)}</p>` : ''}
<form method="post" action="${esc(`${ctx.config.apiUrl}/billing/local/checkout/${token}`)}">
<label for="card">Card number</label><input id="card" name="card" inputmode="numeric" autocomplete="cc-number" required placeholder="4242 4242 4242 4242">
<label for="coupon">Coupon code (optional)</label><input id="coupon" name="coupon" autocomplete="off">
<button type="submit">${trial ? 'Start free trial' : 'Subscribe'}</button></form>
<p class="test" style="margin-top:18px">Test mode: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined.</p>`;
  };

  app.get<{ Params: { token: string } }>(
    '/billing/local/checkout/:token',
    { schema: { hide: true } },
    async (request, reply) => {
      const link = await findBillingLink(ctx, 'checkout', request.params.token);
      if (!link) return expired(reply);
      return html(reply, 200, 'Checkout', await checkoutForm(request.params.token, link.userId));
    },
  );

  app.post<{ Params: { token: string }; Body: { card?: string; coupon?: string } }>(
    '/billing/local/checkout/:token',
    { schema: { hide: true } },
    async (request, reply) => {
      const link = await findBillingLink(ctx, 'checkout', request.params.token);
      if (!link) return expired(reply);
      try {
        await completeCheckout(ctx, link.userId, {
          card: String(request.body?.card ?? ''),
          coupon: request.body?.coupon ? String(request.body.coupon) : undefined,
        });
      } catch (err) {
        if (!(err instanceof CheckoutError)) throw err;
        return html(
          reply,
          422,
          'Checkout',
          await checkoutForm(request.params.token, link.userId, err.message),
        );
      }
      await useBillingLink(ctx, link.id);
      return reply.redirect(link.returnUrl, 303);
    },
  );

  const portal = async (
    token: string,
    userId: string,
    returnUrl: string,
    note?: { ok: boolean; text: string },
  ) => {
    const sub = await findSubscription(ctx, userId);
    if (!sub) return '<h1>No subscription</h1><p>There is nothing to manage yet.</p>';
    const next = sub.status === 'canceled' || sub.cancelAtPeriodEnd ? 'None' : day(sub.currentPeriodEnd);
    return `<h1>Manage your subscription</h1>
${note ? `<p class="${note.ok ? 'ok' : 'err'}" role="${note.ok ? 'status' : 'alert'}">${esc(note.text)}</p>` : ''}
<dl><dt>Plan</dt><dd>Postkeeper ${esc(PLANS.premium.name)} · ${esc(PLANS.premium.price)}/month</dd>
<dt>Status</dt><dd>${esc(sub.status)}${sub.cancelAtPeriodEnd ? ' (cancels at period end)' : ''}</dd>
<dt>Current period</dt><dd>${day(sub.currentPeriodStart)} – ${day(sub.currentPeriodEnd)}</dd>
<dt>Next bill</dt><dd>${next}</dd><dt>Trial ends</dt><dd>${day(sub.trialEnd)}</dd>
<dt>Card</dt><dd>•••• ${esc(sub.cardLast4 ?? '')}</dd></dl>
${
  sub.status === 'canceled'
    ? ''
    : `<form method="post" action="${esc(`${ctx.config.apiUrl}/billing/local/portal/${token}/${sub.cancelAtPeriodEnd ? 'reactivate' : 'cancel'}`)}"><button type="submit" class="${sub.cancelAtPeriodEnd ? '' : 'ghost'}">${sub.cancelAtPeriodEnd ? 'Reactivate subscription' : 'Cancel at period end'}</button></form>
<form method="post" action="${esc(`${ctx.config.apiUrl}/billing/local/portal/${token}/card`)}"><label for="card">New card number</label><input id="card" name="card" inputmode="numeric" required><button type="submit" class="ghost">Change card</button></form>`
}
<p style="margin-top:20px"><a class="btn" href="${esc(returnUrl)}">Return to Postkeeper</a></p>`;
  };

  app.get<{ Params: { token: string } }>(
    '/billing/local/portal/:token',
    { schema: { hide: true } },
    async (request, reply) => {
      const link = await findBillingLink(ctx, 'portal', request.params.token);
      if (!link) return expired(reply);
      return html(
        reply,
        200,
        'Billing portal',
        await portal(request.params.token, link.userId, link.returnUrl),
      );
    },
  );

  app.post<{ Params: { token: string; action: string }; Body: { card?: string } }>(
    '/billing/local/portal/:token/:action',
    { schema: { hide: true } },
    async (request, reply) => {
      const link = await findBillingLink(ctx, 'portal', request.params.token);
      if (!link) return expired(reply);
      let note: { ok: boolean; text: string };
      try {
        if (request.params.action === 'cancel') {
          await setCancelAtPeriodEnd(ctx, link.userId, true);
          note = { ok: true, text: 'Your subscription will end at the end of the current period.' };
        } else if (request.params.action === 'reactivate') {
          await setCancelAtPeriodEnd(ctx, link.userId, false);
          note = { ok: true, text: 'Your subscription will continue.' };
        } else if (request.params.action === 'card') {
          await changeCard(ctx, link.userId, String(request.body?.card ?? ''));
          note = { ok: true, text: 'Your card was updated.' };
        } else return expired(reply);
      } catch (err) {
        if (!(err instanceof CheckoutError)) throw err;
        note = { ok: false, text: err.message };
      }
      return html(
        reply,
        200,
        'Billing portal',
        await portal(request.params.token, link.userId, link.returnUrl, note),
      );
    },
  );
}
