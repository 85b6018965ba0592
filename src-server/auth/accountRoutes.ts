import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { profileSchema } from '../../src/contract/user';
import { loginBodySchema, registerBodySchema, tokenResponseSchema } from '../../src/contract/auth';
import { rateLimit, RATE_RULES } from '../plugins/rateLimit';
import { requireUser } from '../plugins/auth';
import { logIn, registerAccount } from './accounts';
import { toProfile } from './profile';
import { messageSchema } from '../../src/contract/common';

const errors = {
  400: messageSchema,
  401: messageSchema,
  409: messageSchema,
  429: messageSchema,
};

export async function accountRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/register',
    {
      preHandler: rateLimit(RATE_RULES.register),
      schema: {
        tags: ['auth'],
        summary: 'Create an account',
        security: [],
        body: registerBodySchema,
        response: { 200: tokenResponseSchema, ...errors },
      },
    },
    async (request) => ({ token: await registerAccount(app.ctx, request.body) }),
  );

  app.post(
    '/login',
    {
      preHandler: rateLimit(RATE_RULES.login),
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        security: [],
        body: loginBodySchema,
        response: { 200: tokenResponseSchema, ...errors },
      },
    },
    async (request) => ({ token: await logIn(app.ctx, request.body) }),
  );

  app.get(
    '/me',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user’s profile',
        response: { 200: profileSchema, 401: messageSchema },
      },
    },
    async (request) => toProfile(requireUser(request)),
  );
}
