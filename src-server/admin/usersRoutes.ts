import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminOverviewSchema,
  adminUserSchema,
  adminUsersQuerySchema,
  roleChangeAnswerSchema,
  roleChangeSchema,
} from '../../src/contract/admin';
import { planSchema } from '../../src/contract/user';
import { changePlanByAdmin } from '../billing/adminPlanChange';
import { overview } from './overviewService';
import { listUsers, revokeSessionsByAdmin, setAdsDisabled, userUsage } from './usersService';
import { changeRoleByAdmin } from './roleChange';
import { operator } from './adminContext';
import { adminList } from './listRoute';
import { withId } from './simpleRest';
import { usersFilterSchema } from '../../src/contract/adminLists';
import { errorResponses, idParamsSchema, messageSchema } from '../../src/contract/common';

export async function usersRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/overview',
    {
      schema: {
        tags: ['admin'],
        summary: 'Overview cards and chart series',
        response: { 200: z.object({ overview: adminOverviewSchema }) },
      },
    },
    async () => ({
      overview: await overview(app.ctx),
    }),
  );

  adminList(app, {
    url: '/users',
    summary: 'Users by plan, subscription status and a search of email or name; paged and sorted when asked',
    key: 'users',
    query: adminUsersQuerySchema,
    filter: usersFilterSchema,
    record: adminUserSchema,
    service: listUsers,
  });

  app.get(
    '/users/:id',
    {
      schema: {
        tags: ['admin'],
        summary: "One user's profile and AI usage over the last `days` days",
        params: idParamsSchema,
        querystring: z.object({ days: z.coerce.number().int().min(1).max(365).default(30) }),
        response: {
          // The profile's fields also sit at the top, with an id, so simple-rest's getOne reads a record.
          200: adminUserSchema.extend({
            id: z.string(),
            user: adminUserSchema,
            usage: z.object({ aiTokens: z.object({ total: z.number(), cost: z.number() }) }),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { user, usage } = await userUsage(app.ctx, request.params.id, request.query.days);
      return { ...withId(user), user, usage };
    },
  );

  app.patch(
    '/users/:id/ads',
    {
      schema: {
        tags: ['admin'],
        summary: 'Turn ads off or on for a user',
        params: idParamsSchema,
        body: z.object({ adsDisabled: z.boolean({ error: 'adsDisabled must be true or false' }) }),
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request) => {
      await setAdsDisabled(app.ctx, operator(request), request.params.id, request.body.adsDisabled);
      return { message: request.body.adsDisabled ? 'Ads disabled' : 'Ads enabled' };
    },
  );

  app.patch(
    '/users/:id/subscription',
    {
      schema: {
        tags: ['admin'],
        summary: "Change a user's plan",
        params: idParamsSchema,
        body: z.object({ plan: planSchema }),
        response: { 200: messageSchema, 409: messageSchema, ...errorResponses },
      },
    },
    async (request) => {
      await changePlanByAdmin(app.ctx, operator(request), request.params.id, request.body.plan);
      return { message: `Plan changed to ${request.body.plan}` };
    },
  );

  app.patch(
    '/users/:id/role',
    {
      schema: {
        tags: ['admin'],
        summary: 'Give a user admin rights, or remove them',
        description:
          "`{role: 'admin'}` makes a user with a verified email an operator; `{role: 'user'}` removes the rights " +
          'and ends every session of the user, so their next request answers 401, and ADMIN_EMAILS never grants ' +
          'the rights back at a Google sign-in. Nobody removes their own rights (403), the last admin keeps ' +
          'theirs (409), and a role the user already has is a 409. Audited as `user.role`.',
        params: idParamsSchema,
        body: roleChangeSchema,
        response: { 200: roleChangeAnswerSchema, 409: messageSchema, ...errorResponses },
      },
    },
    async (request) => changeRoleByAdmin(app.ctx, operator(request), request.params.id, request.body.role),
  );

  app.post(
    '/users/:id/revoke-sessions',
    {
      schema: {
        tags: ['admin'],
        summary: 'Sign a user out everywhere: revoke every session, so each of their tokens gets 401',
        params: idParamsSchema,
        response: { 200: z.object({ message: z.string(), revoked: z.number() }), ...errorResponses },
      },
    },
    async (request) => {
      const revoked = await revokeSessionsByAdmin(app.ctx, operator(request), request.params.id);
      return {
        message: `Signed out everywhere: ${revoked} session${revoked === 1 ? '' : 's'} ended`,
        revoked,
      };
    },
  );
}
