import type { ExtAccount } from '../../src/contract/ext';
import { apiClient, type ApiClient, type ApiSession } from './apiClient';
import { leaveAccount } from './localStore';
import type { WorkerContext } from './workerContext';

/**
 * The signed-in session, handed over by the web app (openDashboard with `session`) and kept in chrome.storage.local
 * under `session`, where the worker finds it after any restart. Content scripts never read it: the worker closes
 * chrome.storage to them (serviceWorker.ts) and answers their messages without it.
 */
export interface Session extends ApiSession {
  /** The hand-over's timestamp (docs/product.md: messages to the extension carry one). */
  authenticatedAt: number;
}

const SESSION_KEY = 'session';
const ACCOUNT_KEY = 'account';

/** How long the account's plan is trusted before AI on save asks again (an upgrade shows within this time). */
export const ACCOUNT_FRESH_MS = 10 * 60_000;

export async function readSession(ctx: WorkerContext): Promise<Session | null> {
  const value = (await ctx.storage.get(SESSION_KEY))[SESSION_KEY] as Partial<Session> | undefined;
  return value && typeof value.token === 'string' && typeof value.apiUrl === 'string'
    ? (value as Session)
    : null;
}

/**
 * The token and API base URL the web app sent, or null when they are missing or malformed. Without an apiUrl the
 * API is on the web app's own origin, under /api (as the web app's own API_BASE defaults).
 */
export function acceptedSession(raw: unknown, senderOrigin: string): ApiSession | null {
  if (!raw || typeof raw !== 'object') return null;
  const { token, apiUrl } = raw as { token?: unknown; apiUrl?: unknown };
  if (typeof token !== 'string' || !token || /\s/.test(token)) return null;
  if (apiUrl !== undefined && typeof apiUrl !== 'string') return null;
  let url: URL;
  try {
    url = new URL(apiUrl ?? '/api', senderOrigin);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  url.hash = '';
  url.search = '';
  return { token, apiUrl: url.href.replace(/\/+$/, '') };
}

export async function storeSession(ctx: WorkerContext, session: ApiSession, at: number): Promise<void> {
  const previous = await readSession(ctx);
  await ctx.storage.set({ [SESSION_KEY]: { ...session, authenticatedAt: at } });
  // Another account's plan must not decide this one's AI.
  if (previous?.token !== session.token) await ctx.storage.remove(ACCOUNT_KEY);
}

/**
 * Back to signed-out saving (LOGOUT, or a 401 for `token`): the token is forgotten, saves that had not reached
 * the account are kept in this browser, and the account's copies leave it (they stay in the account), so nothing
 * saved is lost and the next person here sees none of it. With `token`, only that session ends: a newer one
 * handed over meanwhile stays.
 */
export async function signOut(ctx: WorkerContext, token?: string): Promise<void> {
  const current = await readSession(ctx);
  if (token !== undefined && current?.token !== token) return;
  await ctx.storage.remove(SESSION_KEY);
  await ctx.storage.remove(ACCOUNT_KEY);
  await leaveAccount(await ctx.db());
}

/** The API as the signed-in user, or null when signed out. Any 401 it meets signs the extension out. */
export async function signedInApi(ctx: WorkerContext): Promise<{ api: ApiClient; session: Session } | null> {
  const session = await readSession(ctx);
  if (!session) return null;
  return { session, api: apiClient(session, ctx.fetch, (token) => signOut(ctx, token)) };
}

interface CachedAccount {
  account: ExtAccount;
  fetchedAt: number;
}

/** The account as last read, with when. */
export async function cachedAccount(ctx: WorkerContext): Promise<CachedAccount | null> {
  return ((await ctx.storage.get(ACCOUNT_KEY))[ACCOUNT_KEY] as CachedAccount | undefined) ?? null;
}

/** Reads the account from the API and keeps it; throws what the API threw. */
export async function refreshAccount(ctx: WorkerContext, api: ApiClient): Promise<ExtAccount> {
  const account = await api.account();
  await ctx.storage.set({ [ACCOUNT_KEY]: { account, fetchedAt: ctx.now() } satisfies CachedAccount });
  return account;
}

/** The account, read again when the copy is older than ACCOUNT_FRESH_MS. */
export async function currentAccount(ctx: WorkerContext, api: ApiClient): Promise<ExtAccount> {
  const cached = await cachedAccount(ctx);
  if (cached && ctx.now() - cached.fetchedAt < ACCOUNT_FRESH_MS) return cached.account;
  return refreshAccount(ctx, api);
}
