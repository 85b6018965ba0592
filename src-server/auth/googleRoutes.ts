import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as oidc from 'openid-client';
import type { AppContext } from '../context';
import { unavailable } from '../errors';
import { googleExchangeBodySchema, tokenResponseSchema } from '../../src/contract/auth';
import { isLocalPath } from '../../src/contract/localPath';
import { rateLimit, RATE_RULES } from '../plugins/rateLimit';
import { hashToken, newToken } from './tokens';
import { createHandOff, exchangeHandOff, FLOW_TTL_MS, saveFlow, takeFlow } from './googleFlows';
import { findOrCreateGoogleUser } from './googleAccount';
import { messageSchema } from '../../src/contract/common';

const FROM_INVALID = 'From must be a path on this site, such as /dashboard/settings';
const COOKIE = 'pk_oauth';
const COOKIE_PATH = '/api/auth/google';

let discovered: { key: string; config: Promise<oidc.Configuration> } | null = null;

/** Google's OpenID configuration, discovered once per issuer and client; a failed discovery is retried next time. */
function googleConfig(ctx: AppContext): Promise<oidc.Configuration> {
  const { GOOGLE_ISSUER: issuer, GOOGLE_CLIENT_ID: clientId, GOOGLE_CLIENT_SECRET: secret } = ctx.config;
  const key = `${issuer}|${clientId}`;
  if (discovered?.key !== key) {
    const insecure = issuer.startsWith('http://');
    const config = oidc.discovery(
      new URL(issuer),
      clientId!,
      secret,
      undefined,
      insecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
    );
    config.catch(() => {
      if (discovered?.config === config) discovered = null;
    });
    discovered = { key, config };
  }
  return discovered.config;
}

function readCookie(request: FastifyRequest, name: string): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return null;
}

export async function googleRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const redirectUri = `${ctx.config.apiUrl}/auth/google/callback`;
  const secure = ctx.config.apiUrl.startsWith('https://');

  app.get(
    '/google/web',
    {
      // Each start stores a row, so starts are limited like the other unauthenticated writes.
      preHandler: rateLimit(RATE_RULES.googleStart),
      schema: {
        tags: ['auth'],
        summary: 'Start Google sign-in (browser navigation)',
        security: [],
        querystring: z.object({
          prompt: z
            .enum(['select_account', 'consent', 'none', 'login'], {
              error: 'Prompt must be select_account, consent, none or login',
            })
            .optional(),
          // Where the user was before signing in; sent back to the web app after the callback. Only a path on
          // the web app is taken, so the sign-in cannot be turned into a redirect to another site.
          from: z.string({ error: FROM_INVALID }).refine(isLocalPath, { error: FROM_INVALID }).optional(),
        }),
        response: { 400: messageSchema, 429: messageSchema, 503: messageSchema },
      },
    },
    async (request, reply) => {
      if (!ctx.config.GOOGLE_CLIENT_ID) throw unavailable('Google sign-in is not configured on this server.');
      let config: oidc.Configuration;
      try {
        config = await googleConfig(ctx);
      } catch {
        throw unavailable('Google sign-in is unavailable right now. Please try again later.');
      }
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const browser = newToken();
      await saveFlow(ctx, { state, browser, codeVerifier, nonce, returnTo: request.query.from ?? null });
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
        prompt: request.query.prompt ?? 'select_account',
      });
      const cookie = `${COOKIE}=${browser}; Path=${COOKIE_PATH}; Max-Age=${FLOW_TTL_MS / 1000}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
      return reply.header('Set-Cookie', cookie).header('Cache-Control', 'no-store').redirect(url.href, 302);
    },
  );

  app.get(
    '/google/callback',
    {
      schema: {
        tags: ['auth'],
        summary: 'Google sign-in callback: redirects to the dashboard with a fresh session token',
        security: [],
        querystring: z
          .object({
            state: z.string().max(512).optional(),
            code: z.string().max(4096).optional(),
            error: z.string().max(512).optional(),
          })
          .loose(),
      },
    },
    async (request, reply) => {
      const fail = (r: FastifyReply) =>
        r
          .header('Set-Cookie', clearCookie(secure))
          .redirect(`${ctx.config.webUrl}/dashboard/login?error=google`, 302);
      const { state } = request.query;
      if (!state || !ctx.config.GOOGLE_CLIENT_ID) return fail(reply);
      const saved = await takeFlow(ctx, state);
      const browser = readCookie(request, COOKIE);
      if (!saved || !browser || hashToken(browser) !== saved.browserHash || request.query.error)
        return fail(reply);
      try {
        const config = await googleConfig(ctx);
        const currentUrl = new URL(redirectUri);
        currentUrl.search = new URL(request.url, 'http://x').search;
        const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
          pkceCodeVerifier: saved.codeVerifier,
          expectedState: state,
          expectedNonce: saved.nonce,
        });
        const claims = tokens.claims();
        if (!claims) return fail(reply);
        const userId = await findOrCreateGoogleUser(ctx, {
          sub: claims.sub,
          email: typeof claims.email === 'string' ? claims.email : undefined,
          emailVerified: claims.email_verified === true,
          name: typeof claims.name === 'string' ? claims.name : undefined,
        });
        const code = await createHandOff(ctx, userId);
        return reply
          .header('Set-Cookie', clearCookie(secure))
          .header('Cache-Control', 'no-store')
          .redirect(handOffUrl(ctx.config.webUrl, code, saved.returnTo), 302);
      } catch (err) {
        request.log.warn({ err: (err as Error).message }, 'google sign-in failed');
        return fail(reply);
      }
    },
  );

  app.post(
    '/google/exchange',
    {
      // Guessing a 256-bit code is hopeless, but each try costs a query.
      preHandler: rateLimit(RATE_RULES.googleExchange),
      schema: {
        tags: ['auth'],
        summary: "Trade the Google callback's one-time code for a session token",
        security: [],
        body: googleExchangeBodySchema,
        response: { 200: tokenResponseSchema, 400: messageSchema, 429: messageSchema },
      },
    },
    async (request, reply) => {
      const token = await exchangeHandOff(ctx, request.body.code);
      return reply.header('Cache-Control', 'no-store').send({ token });
    },
  );
}

/**
 * The hand-off back to the web app: `auth_token` carries a one-time code, not a session token. The sign-in screen
 * takes it (only while this browser's own Google sign-in is pending), removes it from the address bar, trades it
 * for a session token with POST /auth/google/exchange, asks the extension to open its dashboard and then goes
 * on to `from`, the page the user started on. The path was checked when the flow started; checking it again
 * here means nothing but a local path can ever reach this redirect.
 */
function handOffUrl(webUrl: string, code: string, returnTo: string | null): string {
  const query = new URLSearchParams();
  if (returnTo && isLocalPath(returnTo)) query.set('from', returnTo);
  query.set('auth_token', code);
  return `${webUrl}/dashboard/login?${query}`;
}

const clearCookie = (secure: boolean) =>
  `${COOKIE}=; Path=${COOKIE_PATH}; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
