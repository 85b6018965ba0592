import { asc, eq } from 'drizzle-orm';
import type { RoleChangeAnswer, RoleChoice } from '../../src/contract/admin';
import type { AppContext } from '../context';
import type { Tx } from '../db/connect';
import { users } from '../db/schema';
import { lockedUser } from '../db/lockedRows';
import { conflict, forbidden } from '../errors';
import { existingId } from '../ids';
import { revokeUserSessions } from '../auth/sessions';
import { audited, type Actor } from './audited';

export const NOT_YOURSELF = 'You cannot remove your own admin rights. Another operator can.';
export const UNVERIFIED =
  'This user has not verified their email address. Only a verified address can be given admin rights.';
export const lastAdmin = (email: string) =>
  `${email} is the last admin. Make another user an admin before removing these rights.`;

/**
 * Every operator's row, locked in one order until the transaction ends. Two role changes at once therefore
 * queue up, and the second counts the operators the first left: two operators removing the last two admins
 * at the same moment leave one, never none.
 */
const lockedAdmins = (tx: Tx) =>
  tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(asc(users.id))
    .for('update');

/**
 * An operator gives a user admin rights or removes them (PATCH /admin/users/{id}/role), audited in the same
 * transaction (docs/product.md#operators-and-admin-rights):
 * - only a verified address becomes an operator, as with ADMIN_EMAILS;
 * - nobody removes their own rights (403), and the last operator keeps theirs (409);
 * - a removal ends every session of the user, so their console stops at the next request, and is remembered
 *   (users.admin_removed_at) so that ADMIN_EMAILS never grants the rights back at a Google sign-in;
 * - an operator whose own rights were removed meanwhile changes nothing (403).
 */
export async function changeRoleByAdmin(
  ctx: AppContext,
  actor: Actor,
  id: string,
  role: RoleChoice,
): Promise<RoleChangeAnswer> {
  const userId = existingId(id);
  const at = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const admins = await lockedAdmins(tx);
    if (!admins.some((a) => a.email === actor.email)) throw forbidden('Admin access required.');
    const user = await lockedUser(tx, userId);
    const wasAdmin = user.role === 'admin';
    if (role === 'admin') {
      if (wasAdmin) throw conflict(`${user.email} is already an admin.`);
      if (!user.emailVerified) throw conflict(UNVERIFIED);
      await tx
        .update(users)
        .set({ role: 'admin', adminRemovedAt: null, updatedAt: at })
        .where(eq(users.id, userId));
      await audited(tx, actor, {
        at,
        action: 'user.role',
        targetType: 'user',
        targetId: userId,
        summary: `Gave admin rights to ${user.email}`,
        before: { role: user.role },
        after: { role: 'admin' },
      });
      return { message: `${user.email} is now an admin`, role, revoked: 0 };
    }
    if (!wasAdmin) throw conflict(`${user.email} is not an admin.`);
    // Asked first: the sole operator removing their own rights learns what to do about it.
    if (!admins.some((a) => a.id !== userId)) throw conflict(lastAdmin(user.email));
    if (user.email === actor.email) throw forbidden(NOT_YOURSELF);
    await tx
      .update(users)
      .set({ role: 'user', adminRemovedAt: at, updatedAt: at })
      .where(eq(users.id, userId));
    const revoked = await revokeUserSessions({ ...ctx, db: tx }, userId);
    const sessions = `${revoked} session${revoked === 1 ? '' : 's'} ended`;
    await audited(tx, actor, {
      at,
      action: 'user.role',
      targetType: 'user',
      targetId: userId,
      summary: `Removed admin rights from ${user.email} (${sessions})`,
      before: { role: user.role },
      after: { role: 'user', sessionsEnded: revoked },
    });
    return { message: `Admin rights removed from ${user.email}: ${sessions}`, role, revoked };
  });
}
