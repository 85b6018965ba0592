import { PRODUCT_NAME } from '../../src/config';
import { quietly } from './apiClient';
import { acceptSession, uploadAfterSignIn } from './signIn';
import { acceptedSession, signOut } from './session';
import type { WorkerContext } from './workerContext';

/** The library page the web app's Extension link and sign-in open (docs/product.md, messages to the extension). */
export const DASHBOARD_PAGE = 'dashboard.html';

export type ExternalAnswer = { ok: true } | { ok: false; error: string };

/**
 * A message from the web app (chrome.runtime.onMessageExternal): `openDashboard`, with the signed-in session when
 * there is one, and `LOGOUT`. Chrome delivers only what the manifest's externally_connectable allows; the sender's
 * origin is checked again here, so only the web app's own origins may hand over a session or end it.
 */
export async function handleExternal(
  ctx: WorkerContext,
  message: unknown,
  senderOrigin: string | undefined,
): Promise<ExternalAnswer> {
  if (!ctx.config.isWebAppOrigin(senderOrigin))
    return { ok: false, error: `Only the ${PRODUCT_NAME} website may send this.` };
  const { action, timestamp, session } = (message ?? {}) as {
    action?: unknown;
    timestamp?: unknown;
    session?: unknown;
  };
  if (action === 'openDashboard') {
    const accepted = session === undefined ? null : acceptedSession(session, senderOrigin!);
    const at = typeof timestamp === 'number' ? timestamp : ctx.now();
    if (accepted) await acceptSession(ctx, accepted, at);
    await ctx.openExtensionPage(DASHBOARD_PAGE);
    // Answered now: the web app waits at most 1.5 s before it says the extension is missing.
    if (accepted) ctx.background(quietly(uploadAfterSignIn(ctx)));
    return { ok: true };
  }
  if (action === 'LOGOUT') {
    await signOut(ctx);
    return { ok: true };
  }
  return { ok: false, error: 'Unknown action' };
}
