import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { users } from '../db/schema';
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
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(eq(users.email, email))
      .limit(1);
    if (byEmail) {
      if (!id.emailVerified)
        throw conflict('An account with this email already exists. Please sign in with your password.');
      await tx
        .update(users)
        .set({
          googleSub: id.sub,
          emailVerified: true,
          lastLoginAt: now,
          updatedAt: now,
          ...(isAdminEmail ? { role: 'admin' } : {}),
        })
        .where(eq(users.id, byEmail.id));
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
