import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountSchema } from '../../src/contract/ext';

import { requireUser } from '../plugins/auth';
import { toExtAccount } from './extAccount';
import { messageSchema } from '../../src/contract/common';

export async function accountRoute(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/account',
    {
      schema: {
        tags: ['extension'],
        summary: 'The signed-in account as the extension needs it: plan, ads, storage and AI',
        response: { 200: z.object({ account: accountSchema }), 401: messageSchema },
      },
    },
    async (request) => ({ account: toExtAccount(requireUser(request)) }),
  );
}
