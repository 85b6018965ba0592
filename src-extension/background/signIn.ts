import { quietly } from './apiClient';
import { queueLocalSaves } from './localStore';
import { drain } from './queue';
import { refreshAccount, signedInApi, storeSession } from './session';
import type { ApiSession } from './apiClient';
import { forgetSync, syncAccount } from './sync';
import type { WorkerContext } from './workerContext';

/** Keeps the session the web app handed over; a new account's library is read in full. */
export async function acceptSession(ctx: WorkerContext, session: ApiSession, at: number): Promise<void> {
  const before = await signedInApi(ctx);
  await storeSession(ctx, session, at);
  if (before?.session.token !== session.token) await forgetSync(ctx);
}

/**
 * After a sign-in: the saves kept in this browser are queued for the account in one step (a second hand-over
 * finds none left), sent, and the account's library is copied here. Each is uploaded once: it is marked with the
 * account's id in the step that sends it, and a post sent again after a stop before that mark is the same post
 * (same url).
 */
export async function uploadAfterSignIn(ctx: WorkerContext): Promise<void> {
  const signedIn = await signedInApi(ctx);
  if (!signedIn) return;
  // The plan decides the AI on save; a 401 here signs out again at once.
  await quietly(refreshAccount(ctx, signedIn.api));
  if (!(await signedInApi(ctx))) return;
  await ctx.serial(async () => queueLocalSaves(await ctx.db()));
  await drain(ctx, { force: true });
  await quietly(syncAccount(ctx, { full: true }));
}
