import { and, eq, gt, lte } from 'drizzle-orm';
import type { AppContext } from '../context';
import { googleHandOffs, oauthStates } from '../db/schema';
import { badRequest } from '../errors';
import { hashToken, newToken } from './tokens';
import { createSession } from './sessions';

/** How long the browser has to finish Google's consent screen. */
export const FLOW_TTL_MS = 10 * 60_000;
/** How long the callback's one-time code may wait for the web app to trade it: one page load. */
export const HAND_OFF_TTL_MS = 60_000;
export const HAND_OFF_EXPIRED = 'This sign-in has expired. Please continue with Google again.';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'config'>;

export interface FlowStart {
  state: string;
  browser: string;
  codeVerifier: string;
  nonce: string;
  returnTo: string | null;
}

/** Keeps the server's half of a Google sign-in; each start also clears the flows browsers never finished. */
export async function saveFlow(ctx: Ctx, flow: FlowStart): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.delete(oauthStates).where(lte(oauthStates.expiresAt, now));
  await ctx.db.insert(oauthStates).values({
    stateHash: hashToken(flow.state),
    browserHash: hashToken(flow.browser),
    codeVerifier: flow.codeVerifier,
    nonce: flow.nonce,
    returnTo: flow.returnTo,
    expiresAt: new Date(now.getTime() + FLOW_TTL_MS),
  });
}

/** The flow a callback's `state` names, deleted as it is read so it works once; null when unknown or expired. */
export async function takeFlow(ctx: Ctx, state: string) {
  const [saved] = await ctx.db
    .delete(oauthStates)
    .where(and(eq(oauthStates.stateHash, hashToken(state)), gt(oauthStates.expiresAt, ctx.clock.now())))
    .returning();
  return saved ?? null;
}

/** A one-time code for the user's new session: only its hash is stored, and it lives a minute. */
export async function createHandOff(ctx: Ctx, userId: string): Promise<string> {
  const code = newToken();
  const expiresAt = new Date(ctx.clock.now().getTime() + HAND_OFF_TTL_MS);
  await ctx.db.insert(googleHandOffs).values({ codeHash: hashToken(code), userId, expiresAt });
  return code;
}

/** Trades a hand-off code for a session token; a used, unknown or expired code is refused. */
export async function exchangeHandOff(ctx: Ctx, code: string): Promise<string> {
  const [handOff] = await ctx.db
    .delete(googleHandOffs)
    .where(and(eq(googleHandOffs.codeHash, hashToken(code)), gt(googleHandOffs.expiresAt, ctx.clock.now())))
    .returning();
  if (!handOff) throw badRequest(HAND_OFF_EXPIRED);
  return createSession(ctx, handOff.userId, ctx.config.SESSION_TTL_DAYS);
}
