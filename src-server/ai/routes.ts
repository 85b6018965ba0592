import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { aiRequestSchema, aiResponseSchema, aiTaskParamsSchema } from '../../src/contract/ai';

import { requireUser } from '../plugins/auth';
import { RATE_RULES, rateLimit } from '../plugins/rateLimit';
import { aiProviders } from './providers/aiProviders';
import { createAiGateway } from './gateway';
import { aiObserver } from '../metrics/aiObserver';
import { runAiTask } from './aiService';
import { messageSchema } from '../../src/contract/common';

/** The extension's AI requests under /api/ext/ai. Registered behind extGuard. */
export async function aiRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config } = app.ctx;
  // SDK clients are built once: keys and endpoints are environment, fixed for the process's life.
  const gateway = createAiGateway(aiProviders(config), {
    timeoutMs: config.AI_TIMEOUT_MS,
    log: app.log,
    observe: aiObserver(app.ctx.metrics),
  });

  app.post(
    '/:taskType',
    {
      schema: {
        tags: ['extension'],
        summary: 'Run an AI task on a saved post, a text or the saved library',
        description:
          'auto-tagging and categorization take a postId (the answer is saved on the post) or a query (the text); ' +
          'search takes a query; recommendations an optional postId and query; analytics an optional query. ' +
          'The task goes to the provider and model set in the console, or to OpenAI when that provider fails. ' +
          "429 with Retry-After past the account's or the address's request limit, or the plan's daily token budget.",
        params: aiTaskParamsSchema,
        body: aiRequestSchema,
        response: {
          200: aiResponseSchema,
          400: messageSchema,
          403: messageSchema,
          404: messageSchema,
          429: messageSchema,
          502: messageSchema,
        },
      },
      // Every well-formed request counts, refused ones too, so a burst is cut short before it reaches a provider.
      preHandler: rateLimit(RATE_RULES.ai),
    },
    async (request) =>
      runAiTask(app.ctx, gateway, requireUser(request), request.params.taskType, request.body),
  );
}
