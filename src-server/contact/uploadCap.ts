import type { AppContext } from '../context';
import { DAY_MS } from '../clock';
import { HttpError } from '../errors';

/** Screenshots one address may send a day; messages without one are limited only by the contact rate limit. */
export const UPLOADS_PER_DAY = 20;

/** Counts one screenshot for the address, or refuses it with 429 and Retry-After once the day's cap is used. */
export async function countUpload(ctx: AppContext, address: string): Promise<void> {
  const { count, resetInMs } = await ctx.rateLimits.hit(`contact-upload:${address}`, DAY_MS);
  if (count <= UPLOADS_PER_DAY * ctx.config.RATE_LIMIT_SCALE) return;
  const seconds = Math.max(1, Math.ceil(resetInMs / 1000));
  const hours = Math.ceil(seconds / 3600);
  throw new HttpError(
    429,
    `You have sent the most screenshots allowed for one day. Please try again in ${hours} hour${hours === 1 ? '' : 's'}, or send your message without a screenshot.`,
    { 'Retry-After': String(seconds) },
  );
}
