import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { sessions, users } from '../db/schema';
import { conflict, unauthorized } from '../errors';
import { hashPassword, verifyPassword } from './passwords';
import { createSession, deadSessions } from './sessions';

export const INVALID_LOGIN = 'Invalid email or password';

// Verifying against this when the email is unknown keeps both failures equally slow.
let dummyHash: Promise<string> | null = null;
const timingDecoy = () => (dummyHash ??= hashPassword('timing-decoy-password'));

/** Creates an account and its first session; the email is already trimmed and lower-cased. */
export async function registerAccount(
  ctx: AppContext,
  input: { email: string; password: string; displayName: string },
): Promise<string> {
  const passwordHash = await hashPassword(input.password);
  const now = ctx.clock.now();
  const [created] = await ctx.db
    .insert(users)
    .values({
      email: input.email,
      passwordHash,
      displayName: input.displayName,
      name: input.displayName,
      lastLoginAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  if (!created) throw conflict('An account with this email already exists. Please sign in instead.');
  return createSession(ctx, created.id, ctx.config.SESSION_TTL_DAYS);
}

/** Checks the credentials and opens a session; unknown email and wrong password fail alike. */
export async function logIn(ctx: AppContext, input: { email: string; password: string }): Promise<string> {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, input.email)).limit(1);
  if (!user?.passwordHash) {
    await verifyPassword(await timingDecoy(), input.password);
    throw unauthorized(INVALID_LOGIN);
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) throw unauthorized(INVALID_LOGIN);
  const now = ctx.clock.now();
  const idleDays = ctx.config.SESSION_IDLE_DAYS;
  const token = await ctx.db.transaction(async (tx) => {
    // Checking the password takes a while. Should the password have been changed or removed meanwhile (a
    // reset, or the address's owner linking Google), the old one must not open a session after all.
    const [current] = await tx
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, user.id))
      .for('update');
    if (current?.passwordHash !== user.passwordHash) return null;
    await tx.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id));
    // Expired and idle sessions are dead weight; dropping this user's keeps the table from growing with every sign-in.
    await tx.delete(sessions).where(and(eq(sessions.userId, user.id), deadSessions(now, { idleDays })));
    return createSession({ ...ctx, db: tx }, user.id, ctx.config.SESSION_TTL_DAYS);
  });
  if (!token) throw unauthorized(INVALID_LOGIN);
  return token;
}
