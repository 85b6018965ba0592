import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { sessions, users, type UserRow } from '../db/schema';
import type { Clock } from '../clock';
import { DAY_MS } from '../clock';
import { hashToken, newToken } from './tokens';

export async function createSession(db: Db, userId: string, clock: Clock, ttlDays: number): Promise<string> {
  const token = newToken();
  const now = clock.now();
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttlDays * DAY_MS),
  });
  return token;
}

/** The user behind a bearer token, or null when it is unknown or expired. */
export async function findSessionUser(db: Db, token: string, clock: Clock): Promise<UserRow | null> {
  const rows = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, clock.now())))
    .limit(1);
  return rows[0]?.user ?? null;
}

export async function revokeUserSessions(db: Db, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function purgeExpiredSessions(db: Db, clock: Clock): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, clock.now()));
}
