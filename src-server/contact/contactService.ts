import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { AppContext } from '../context';
import { contactMessages } from '../db/schema';
import { withOutbox } from '../mail/outbox';
import type { ContactFields } from './contactForm';

export interface Screenshot {
  bytes: Buffer;
  type: 'image/png' | 'image/jpeg';
}

/**
 * Stores a contact or support message, with its screenshot on disk under a generated name (the uploader's
 * filename never reaches the disk), and queues its mail to support in the same transaction; the mail job
 * delivers it. A failed save removes the file it wrote.
 */
export async function saveContactMessage(
  ctx: AppContext,
  form: ContactFields,
  screenshot: Screenshot | null,
): Promise<void> {
  const uploadDir = resolve(ctx.config.DATA_DIR, 'uploads');
  let storedName: string | null = null;
  if (screenshot) {
    storedName = `${randomUUID()}.${screenshot.type === 'image/png' ? 'png' : 'jpg'}`;
    await mkdir(uploadDir, { recursive: true });
    await writeFile(join(uploadDir, storedName), screenshot.bytes, { flag: 'wx' });
  }
  const label = form.type === 'support' ? 'Support request' : 'Message';
  try {
    await withOutbox(ctx, async (tx, queue) => {
      await tx.insert(contactMessages).values({
        type: form.type,
        name: form.name,
        email: form.email,
        message: form.message,
        screenshotPath: storedName ? `uploads/${storedName}` : null,
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
          storedName ? `Screenshot: uploads/${storedName} (in the data folder)` : 'No screenshot.',
        ].join('\n'),
      });
    });
  } catch (err) {
    if (storedName) await rm(join(uploadDir, storedName), { force: true });
    throw err;
  }
}
