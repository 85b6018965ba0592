import type { FastifyInstance } from 'fastify';
import { notFound } from '../errors';
import type { stripeProvider } from './stripeProvider';

type StripeBilling = ReturnType<typeof stripeProvider>;

/**
 * POST /billing/webhook: Stripe's events, or 404 when Stripe is not configured. Stripe signs the exact bytes it
 * sent, so the webhook reads the raw body in a scope of its own.
 */
export function stripeWebhookRoutes(stripe: StripeBilling | null) {
  return async function webhookRoutes(app: FastifyInstance): Promise<void> {
    // Replaces the app's JSON parser (plugins/jsonBody.ts) in this scope only.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
      done(null, body),
    );
    app.post('/billing/webhook', { schema: { tags: ['billing'], security: [] } }, async (request) => {
      if (!stripe) throw notFound('Billing webhooks are not enabled.');
      const signature = request.headers['stripe-signature'];
      return stripe.handleWebhook(
        request.body as Buffer,
        typeof signature === 'string' ? signature : undefined,
      );
    });
  };
}
