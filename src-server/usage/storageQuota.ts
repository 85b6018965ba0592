import { sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { HttpError } from '../errors';
import { PLANS } from '../../src/config';
import { rows } from '../admin/sqlRows';

const GB = 1024 ** 3;
const MB = 1024 ** 2;

/** A byte count as an operator or user reads it: whole gigabytes as "10 GB", the rest in MB or KB. */
export function formatBytes(bytes: number): string {
  const unit = (size: number, name: string, places: number) =>
    `${Number.isInteger(size) ? size : size.toFixed(places)} ${name}`;
  if (bytes >= GB) return unit(bytes / GB, 'GB', 2);
  if (bytes >= MB) return unit(bytes / MB, 'MB', 1);
  if (bytes >= 1024) return unit(bytes / 1024, 'KB', 1);
  return `${bytes} bytes`;
}

export function storageFullMessage(u: {
  plan: 'free' | 'premium';
  storageUsed: number;
  storageLimit: number;
}) {
  const plan = PLANS[u.plan].name;
  const left = Math.max(0, u.storageLimit - u.storageUsed);
  const upgrade =
    u.plan === 'free'
      ? ` Delete saved posts or upgrade to ${PLANS.premium.name} for ${PLANS.premium.storageLabel}.`
      : ' Delete saved posts to make room.';
  return `Storage limit reached: your ${plan} plan includes ${formatBytes(u.storageLimit)} and ${formatBytes(left)} is left.${upgrade}`;
}

/**
 * Counts `bytes` against the user's storage in the caller's transaction, or throws 413 and changes nothing.
 * One conditional UPDATE: concurrent writers queue on the row, each sees the others' committed bytes, so
 * together they never pass the limit and never lose a byte.
 */
export async function chargeStorage(tx: Db, userId: string, bytes: number): Promise<void> {
  if (bytes <= 0) return;
  const updated = await rows<{ id: string }>(
    tx,
    sql`update users set storage_used = storage_used + ${bytes}::bigint
        where id = ${userId} and storage_used + ${bytes}::bigint <= storage_limit returning id`,
  );
  if (updated.length) return;
  const [user] = await rows<{ plan: 'free' | 'premium'; storageUsed: number; storageLimit: number }>(
    tx,
    sql`select plan, storage_used::float8 as "storageUsed", storage_limit::float8 as "storageLimit"
        from users where id = ${userId}`,
  );
  if (!user) throw new HttpError(404, 'Account not found');
  throw new HttpError(413, storageFullMessage(user));
}

/** Gives `bytes` back in the caller's transaction (never below zero). */
export async function releaseStorage(tx: Db, userId: string, bytes: number): Promise<void> {
  if (bytes <= 0) return;
  await tx.execute(
    sql`update users set storage_used = greatest(storage_used - ${bytes}::bigint, 0) where id = ${userId}`,
  );
}
