import { and, eq, gt, isNotNull, isNull, lte, or } from 'drizzle-orm';
import type { AppContext } from '../context';
import { passwordResets, sessions, users } from '../db/schema';
import { badRequest } from '../errors';
import { hashPassword } from './passwords';
import { hashToken, newToken } from './tokens';
import { withOutbox } from '../mail/outbox';

export const RESET_REQUESTED = "If an account with that email exists, we've sent you a password reset link.";
export const RESET_DONE = 'Your password has been updated. You can now sign in with your new password.';
export const RESET_INVALID =
  'This reset link is invalid or has expired. Please request a new password reset.';
const RESET_TTL_MS = 30 * 60_000;

/**
 * Queues a single-use link when the account exists; the caller answers the same either way. The request only
 * writes the link and its mail to the database: delivery happens in the mail job, so a known account's answer
 * takes no longer than an unknown one's.
 */
export async function requestPasswordReset(ctx: AppContext, email: string): Promise<void> {
  const [user] = await ctx.db
    .select({ id: users.id, displayName: users.displayName })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  if (!user) return;
  const token = newToken();
  const now = ctx.clock.now();
  // Built from WEB_URL, never from the request's Host header, so a forged host cannot steal the link.
  const link = `${ctx.config.webUrl}/dashboard/reset-password?token=${encodeURIComponent(token)}`;
  await withOutbox(ctx, async (tx, queue) => {
    // Used and expired links can never work again; each new request clears this account's.
    await tx
      .delete(passwordResets)
      .where(
        and(
          eq(passwordResets.userId, user.id),
          or(isNotNull(passwordResets.usedAt), lte(passwordResets.expiresAt, now)),
        ),
      );
    await tx.insert(passwordResets).values({
      userId: user.id,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + RESET_TTL_MS),
    });
    queue({
      to: email,
      subject: 'Reset your Postkeeper password',
      text: [
        `Hi ${user.displayName},`,
        '',
        'Someone asked to reset the password of your Postkeeper account. To choose a new one, open this link within 30 minutes:',
        '',
        link,
        '',
        'If it was not you, ignore this email: your password stays as it is.',
        '',
        'The Postkeeper team',
      ].join('\n'),
    });
  });
}

/** Uses a reset token once: sets the new password and signs the account out everywhere. */
export async function resetPassword(ctx: AppContext, token: string, newPassword: string): Promise<void> {
  const passwordHash = await hashPassword(newPassword);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    // Claiming the token and checking it are one statement, so of two concurrent uses only one succeeds.
    const [claimed] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResets.tokenHash, hashToken(token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!claimed) throw badRequest(RESET_INVALID);
    // Opening the mailed link proves the address, so a later Google sign-in keeps this password.
    await tx
      .update(users)
      .set({ passwordHash, emailVerified: true, updatedAt: now })
      .where(eq(users.id, claimed.userId));
    await tx.delete(sessions).where(eq(sessions.userId, claimed.userId));
    // Other links sent before this reset stop working too.
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, claimed.userId), isNull(passwordResets.usedAt)));
  });
}
