import { and, eq, gt, lte, or, type SQL } from 'drizzle-orm';
import type { DbContext } from '../context';
import { sessions, users, type UserRow } from '../db/schema';
import { DAY_MS } from '../clock';
import { hashToken, newToken } from './tokens';

/** SESSION_IDLE_DAYS's default, for callers without the config at hand. */
export const DEFAULT_IDLE_DAYS = 14;
/** last_used_at is written at most this often per session, so a busy client does not write on every request. */
export const LAST_USED_WRITE_EVERY_MS = 60_000;

export interface SessionOptions {
  /** Days without use after which a session ends (SESSION_IDLE_DAYS). */
  idleDays?: number;
}

const idleCutoff = (now: Date, idleDays: number) => new Date(now.getTime() - idleDays * DAY_MS);

/** Sessions past their cap, or unused for the idle window: exactly those findSessionUser refuses. */
export function deadSessions(now: Date, { idleDays = DEFAULT_IDLE_DAYS }: SessionOptions = {}): SQL {
  return or(lte(sessions.expiresAt, now), lte(sessions.lastUsedAt, idleCutoff(now, idleDays)))!;
}

export async function createSession(ctx: DbContext, userId: string, ttlDays: number): Promise<string> {
  const token = newToken();
  const now = ctx.clock.now();
  await ctx.db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttlDays * DAY_MS),
    lastUsedAt: now,
  });
  return token;
}

/**
 * The user behind a bearer token, or null when it is unknown, past its cap or idle too long. Using the
 * session keeps it alive: its last use is recorded, at most once a minute.
 */
export async function findSessionUser(
  { db, clock }: DbContext,
  token: string,
  { idleDays = DEFAULT_IDLE_DAYS }: SessionOptions = {},
): Promise<UserRow | null> {
  const now = clock.now();
  const [row] = await db
    .select({ user: users, id: sessions.id, lastUsedAt: sessions.lastUsedAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        gt(sessions.expiresAt, now),
        gt(sessions.lastUsedAt, idleCutoff(now, idleDays)),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_WRITE_EVERY_MS) {
    await db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, row.id));
  }
  return row.user;
}

/** Ends the session of this token; false when there was none. */
export async function revokeSession({ db }: DbContext, token: string): Promise<boolean> {
  const deleted = await db
    .delete(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)))
    .returning({ id: sessions.id });
  return deleted.length > 0;
}

/** Ends every session of the user; returns how many there were. */
export async function revokeUserSessions({ db }: DbContext, userId: string): Promise<number> {
  const deleted = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  return deleted.length;
}

/** Deletes sessions past their cap or idle too long; returns how many. Run on a schedule by the job runner. */
export async function purgeExpiredSessions(
  { db, clock }: DbContext,
  options: SessionOptions = {},
): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(deadSessions(clock.now(), options))
    .returning({ id: sessions.id });
  return deleted.length;
}
