import type { FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import { docsContentSecurityPolicy } from './plugins/securityHeaders';

/**
 * The OpenAPI document is generated from the same zod schemas that validate requests. The interactive
 * Swagger UI is a developer tool with a looser CSP of its own, so production serves it only when asked
 * (API_DOCS=1); the machine-readable document stays available.
 */
export async function registerOpenApi(app: FastifyInstance, config: AppConfig): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Postkeeper API',
        version: '1.0.0',
        description: 'The API behind the Postkeeper web app and extension.',
      },
      servers: [{ url: '/' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    hideUntagged: false,
  });
  if (config.apiDocs) {
    await app.register(fastifySwaggerUi, {
      routePrefix: '/api/docs',
      // Replaces helmet's app policy on the UI's own routes only.
      staticCSP: docsContentSecurityPolicy(config),
      // The public validator would be an outside image request on every page view.
      uiConfig: { validatorUrl: null },
    });
  }
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
