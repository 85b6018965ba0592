import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { aiConfigSchema, providerCatalogueSchema, updateAiConfigSchema } from '../../src/contract/admin';
import { providerCatalogue } from './aiCatalogue';
import { configuredProviders } from '../ai/providers/aiProviders';
import { listAiConfigs, resetAiConfigs, updateAiConfig } from './aiConfigService';
import { operator } from './adminContext';
import { messageSchema } from '../../src/contract/common';

export async function aiConfigRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/ai-config',
    {
      schema: {
        tags: ['admin'],
        summary: 'The provider and model of every AI task type',
        response: { 200: z.object({ configs: z.array(aiConfigSchema) }) },
      },
    },
    async () => ({
      configs: await listAiConfigs(app.ctx),
    }),
  );

  app.get(
    '/ai-config/providers',
    {
      schema: {
        tags: ['admin'],
        summary: 'Task types, the providers and models on offer, and which providers have an API key',
        response: { 200: providerCatalogueSchema },
      },
    },
    async () => providerCatalogue(configuredProviders(app.ctx.config)),
  );

  app.patch(
    '/ai-config',
    {
      schema: {
        tags: ['admin'],
        summary: 'Set the provider and model of a task type',
        body: updateAiConfigSchema,
        response: { 200: z.object({ message: z.string(), config: aiConfigSchema }), 400: messageSchema },
      },
    },
    async (request) => {
      const config = await updateAiConfig(app.ctx, operator(request), request.body);
      return { message: 'Configuration updated', config };
    },
  );

  app.post(
    '/ai-config/reset',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every task type back to the default provider',
        response: { 200: z.object({ message: z.string(), configs: z.array(aiConfigSchema) }) },
      },
    },
    async (request) => ({
      message: 'All AI configurations were reset to the defaults',
      configs: await resetAiConfigs(app.ctx, operator(request)),
    }),
  );
}
