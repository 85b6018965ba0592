import { eq } from 'drizzle-orm';
import { notFound } from '../errors';
import type { Tx } from './connect';
import { contactMessages, coupons, users } from './schema';

// A change that reads a row, decides, then writes it locks the row first (SELECT … FOR UPDATE), so a second
// change to the same row waits for the first instead of deciding on what it read before.

/** The whole user, locked until the transaction ends; 404 when there is no such user. */
export async function lockedUser(tx: Tx, userId: string) {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!user) throw notFound('User not found');
  return user;
}

/** The whole coupon, locked until the transaction ends; 404 when there is no such coupon. */
export async function lockedCoupon(tx: Tx, couponId: string) {
  const [coupon] = await tx.select().from(coupons).where(eq(coupons.id, couponId)).for('update');
  if (!coupon) throw notFound('Coupon not found');
  return coupon;
}

/** The whole message, locked until the transaction ends; 404 when there is no such message. */
export async function lockedMessage(tx: Tx, messageId: string) {
  const [message] = await tx
    .select()
    .from(contactMessages)
    .where(eq(contactMessages.id, messageId))
    .for('update');
  if (!message) throw notFound('Message not found');
  return message;
}
