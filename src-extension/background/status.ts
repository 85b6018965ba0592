import type { StatusAnswer } from '../shared/messages';
import { countWithStatus } from './localStore';
import { retrySoon } from './queue';
import { cachedAccount, refreshAccount, signedInApi } from './session';
import type { WorkerContext } from './workerContext';

/**
 * The popup's and library's view of the account: signed out, or the account's email, plan and storage (read from
 * the API each time, the last copy when it cannot be reached); what is kept in this browser and what waits.
 */
export async function status(ctx: WorkerContext): Promise<StatusAnswer> {
  const signedIn = await signedInApi(ctx);
  let account = signedIn ? await refreshAccount(ctx, signedIn.api).catch(() => null) : null;
  const offline = Boolean(signedIn && !account);
  // A 401 just now has signed the extension out: the popup says so.
  const session = signedIn && (await signedInApi(ctx))?.session;
  if (session && !account) account = (await cachedAccount(ctx))?.account ?? null;
  const db = await ctx.db();
  const pendingCount = await countWithStatus(db, 'pending');
  if (session && pendingCount) retrySoon(ctx);
  return {
    signedIn: Boolean(session),
    ...(session && account
      ? {
          account: {
            email: account.email,
            plan: account.plan,
            storageUsed: account.storageUsed,
            storageLimit: account.storageLimit,
            showAds: account.showAds,
            aiEnabled: account.aiEnabled,
          },
        }
      : {}),
    ...(session && offline ? { offline: true } : {}),
    localCount: await countWithStatus(db, 'local'),
    pendingCount,
    webUrl: ctx.config.webUrl,
    apiUrl: session ? session.apiUrl : ctx.config.apiUrl,
  };
}
