import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requestResetBodySchema, resetPasswordBodySchema } from '../../src/contract/auth';
import { rateLimit, RATE_RULES } from '../plugins/rateLimit';
import { RESET_DONE, RESET_REQUESTED, requestPasswordReset, resetPassword } from './passwordReset';
import { messageSchema } from '../../src/contract/common';

/**
 * Every reset request is answered this long after it arrived, whether or not the account exists. Saving a link and
 * its mail takes a few milliseconds more than finding nobody; padding both answers to the same floor hides that.
 * Wall-clock time on purpose: it is about how the answer looks from outside, not a rule of the product's clock.
 */
export const RESET_ANSWER_MS = 250;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const responses = { 200: messageSchema, 400: messageSchema, 429: messageSchema };

export async function passwordResetRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/request-password-reset',
    {
      preHandler: rateLimit(RATE_RULES.resetRequest),
      schema: {
        tags: ['auth'],
        summary: 'Mail a password reset link',
        security: [],
        body: requestResetBodySchema,
        response: responses,
      },
    },
    async (request) => {
      const started = performance.now();
      try {
        await requestPasswordReset(app.ctx, request.body.email);
      } finally {
        await sleep(RESET_ANSWER_MS - (performance.now() - started));
      }
      return { message: RESET_REQUESTED };
    },
  );

  app.post(
    '/reset-password',
    {
      preHandler: rateLimit(RATE_RULES.resetPassword),
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset token',
        security: [],
        body: resetPasswordBodySchema,
        response: responses,
      },
    },
    async (request) => {
      await resetPassword(app.ctx, request.body.token, request.body.newPassword);
      return { message: RESET_DONE };
    },
  );
}
