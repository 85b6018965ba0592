import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { bearerToken, requireUser } from '../plugins/auth';
import { revokeSession, revokeUserSessions } from './sessions';
import { messageSchema } from '../../src/contract/common';

interface SignOut {
  url: string;
  summary: string;
  /** What the 204 means, in the OpenAPI document. */
  done: string;
  end: (
    ctx: AppContext,
    request: FastifyRequest,
    user: NonNullable<FastifyRequest['user']>,
  ) => Promise<unknown>;
}

const SIGN_OUTS: SignOut[] = [
  {
    // The web app's and the console's Logout call this, as the extension and other clients do, so a token they
    // drop (or one copied from them) stops working.
    url: '/logout',
    summary: 'End the presented session: the token gets 401 from then on',
    done: 'Signed out',
    end: (ctx, request) => revokeSession(ctx, bearerToken(request)!),
  },
  {
    // "Sign out of all devices": the one making the call included, so a lost laptop or a leaked token stops
    // working at once. The caller then has to sign in again.
    url: '/sessions/revoke-all',
    summary: 'Sign out of all devices: revoke every session of the signed-in user',
    done: 'Every session revoked',
    end: (ctx, _request, user) => revokeUserSessions(ctx, user.id),
  },
];

/** The two ways a signed-in user ends sessions on the server; both answer 204 and need a valid session. */
export async function signOutRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  for (const signOut of SIGN_OUTS) {
    app.post(
      signOut.url,
      {
        schema: {
          tags: ['auth'],
          summary: signOut.summary,
          response: { 204: z.null().describe(signOut.done), 401: messageSchema },
        },
      },
      async (request, reply) => {
        await signOut.end(app.ctx, request, requireUser(request));
        return reply.code(204).send(null);
      },
    );
  }
}
