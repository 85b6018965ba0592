import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context';
import { contactMessages } from '../db/schema';
import { withOutbox } from '../mail/outbox';
import type { ContactFields } from './contactForm';

export interface Screenshot {
  bytes: Buffer;
  type: 'image/png' | 'image/jpeg';
}

/** A message row's screenshotPath is `uploads/<key>`, the key in ctx.uploads (the form kept from disk days). */
export const SCREENSHOT_PREFIX = 'uploads/';

/** The uploads store's key of a stored screenshotPath; null for a path that is not one the server wrote. */
export const screenshotKey = (path: string) =>
  path.startsWith(SCREENSHOT_PREFIX) ? path.slice(SCREENSHOT_PREFIX.length) : null;

/**
 * Stores a contact or support message, with its screenshot in the uploads store under a generated name (the
 * uploader's filename never reaches the store), and queues its mail to support in the same transaction; the
 * mail job delivers it. The bytes go first, so a store that refuses them leaves no message; a failed save
 * removes the bytes it wrote.
 */
export async function saveContactMessage(
  ctx: AppContext,
  form: ContactFields,
  screenshot: Screenshot | null,
): Promise<void> {
  let storedName: string | null = null;
  if (screenshot) {
    storedName = `${randomUUID()}.${screenshot.type === 'image/png' ? 'png' : 'jpg'}`;
    await ctx.uploads.put(storedName, screenshot.bytes);
  }
  const label = form.type === 'support' ? 'Support request' : 'Message';
  try {
    await withOutbox(ctx, async (tx, queue) => {
      await tx.insert(contactMessages).values({
        type: form.type,
        name: form.name,
        email: form.email,
        message: form.message,
        screenshotPath: storedName ? `${SCREENSHOT_PREFIX}${storedName}` : null,
        screenshotType: screenshot?.type ?? null,
        screenshotSize: screenshot?.bytes.length ?? null,
        createdAt: ctx.clock.now(),
      });
      queue({
        to: ctx.config.SUPPORT_EMAIL,
        replyTo: form.email,
        subject: `${label} from ${form.name}`,
        text: [
          `${label} from ${form.name} <${form.email}>`,
          '',
          form.message,
          '',
          storedName ? 'Screenshot: attached, shown with the message in the console.' : 'No screenshot.',
        ].join('\n'),
      });
    });
  } catch (err) {
    if (storedName) await ctx.uploads.delete(storedName).catch(() => undefined);
    throw err;
  }
}
