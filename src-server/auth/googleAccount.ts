import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../context';
import { accountEvents, passwordResets, sessions, users } from '../db/schema';
import { conflict } from '../errors';

export interface GoogleIdentity {
  sub: string;
  email?: string;
  emailVerified: boolean;
  name?: string;
}

/**
 * The account for a Google identity: found by subject, else linked by a verified email, else created.
 * An unverified Google email never takes over an existing account.
 *
 * Anyone can register an address they do not own, so an account whose email was never verified may belong
 * to someone other than the person now proving the address through Google. Linking it therefore removes its
 * password and ends all its sessions, in the same transaction, before granting anything: the admin role from
 * ADMIN_EMAILS reaches only the session this sign-in opens next.
 *
 * ADMIN_EMAILS grants the role only as the account is created or linked here, and only to an address listed
 * now: a later sign-in (found by subject) never changes the role, and an account whose rights an operator
 * removed (admin_removed_at) is not promoted again, listed or not (docs/product.md#operators-and-admin-rights).
 */
export async function findOrCreateGoogleUser(ctx: AppContext, id: GoogleIdentity): Promise<string> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [bySub] = await tx.select({ id: users.id }).from(users).where(eq(users.googleSub, id.sub)).limit(1);
    if (bySub) {
      await tx.update(users).set({ lastLoginAt: now }).where(eq(users.id, bySub.id));
      return bySub.id;
    }
    const email = id.email?.trim().toLowerCase();
    if (!email) throw conflict('Your Google account has no email address.');
    const isAdminEmail = id.emailVerified && ctx.config.ADMIN_EMAILS.includes(email);
    const [byEmail] = await tx
      .select({
        id: users.id,
        role: users.role,
        adminRemovedAt: users.adminRemovedAt,
        emailVerified: users.emailVerified,
        passwordHash: users.passwordHash,
      })
      .from(users)
      .where(eq(users.email, email))
      .limit(1)
      // Locked before its sessions are deleted: a password sign-in still under way then either finishes
      // first (and its session is deleted here) or finds the password gone.
      .for('update');
    if (byEmail) {
      if (!id.emailVerified)
        throw conflict('An account with this email already exists. Please sign in with your password.');
      const unproven = !byEmail.emailVerified;
      // An operator's removal of the rights outlasts the list: they are given back only in the console.
      const grantAdmin = isAdminEmail && byEmail.adminRemovedAt === null;
      let sessionsRevoked = 0;
      if (unproven) {
        sessionsRevoked = (
          await tx.delete(sessions).where(eq(sessions.userId, byEmail.id)).returning({ id: sessions.id })
        ).length;
        // Reset links asked for before the proof are void too; the owner can ask for a new one.
        await tx
          .update(passwordResets)
          .set({ usedAt: now })
          .where(and(eq(passwordResets.userId, byEmail.id), isNull(passwordResets.usedAt)));
      }
      await tx
        .update(users)
        .set({
          googleSub: id.sub,
          emailVerified: true,
          lastLoginAt: now,
          updatedAt: now,
          ...(unproven ? { passwordHash: null } : {}),
          ...(grantAdmin ? { role: 'admin' } : {}),
        })
        .where(eq(users.id, byEmail.id));
      await tx.insert(accountEvents).values({
        userId: byEmail.id,
        kind: 'google-linked',
        detail: {
          emailWasVerified: !unproven,
          passwordRemoved: unproven && byEmail.passwordHash !== null,
          sessionsRevoked,
          role: grantAdmin ? 'admin' : byEmail.role,
        },
        at: now,
      });
      return byEmail.id;
    }
    const displayName = id.name?.trim() || email.split('@')[0];
    const [created] = await tx
      .insert(users)
      .values({
        email,
        googleSub: id.sub,
        displayName,
        name: displayName,
        emailVerified: id.emailVerified,
        role: isAdminEmail ? 'admin' : 'user',
        lastLoginAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: users.id });
    return created.id;
  });
}
