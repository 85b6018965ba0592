import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { contactMessages } from '../db/schema';
import { badRequest, HttpError } from '../errors';
import { rateLimit, RATE_RULES } from '../plugins/rateLimit';
import { messageResponseSchema } from '../../src/contract/auth';
import { contactFieldsSchema, MAX_SCREENSHOT_BYTES } from './contactForm';
import { imageTypeOf } from './imageType';
import { countUpload } from './uploadCap';
import { byIp } from '../plugins/rateLimit';
import { withOutbox } from '../mail/outbox';

const SCREENSHOT_FIELD = 'screenshot';

/** POST /api/contact: contact and support messages, with an optional JPEG or PNG screenshot. */
export async function contactRoutes(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: MAX_SCREENSHOT_BYTES, files: 1, fields: 10, fieldSize: 64 * 1024, parts: 12 },
  });
  const ctx = app.ctx;
  const uploadDir = resolve(ctx.config.DATA_DIR, 'uploads');

  app.post(
    '/contact',
    {
      preHandler: rateLimit(RATE_RULES.contact),
      schema: {
        tags: ['contact'],
        summary:
          'Send a contact or support message (multipart: name, email, message, type, optional screenshot)',
        security: [],
        consumes: ['multipart/form-data'],
        response: {
          200: messageResponseSchema,
          400: messageResponseSchema,
          413: messageResponseSchema,
          429: messageResponseSchema,
        },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw badRequest('Send the message as multipart form data.');
      // No prototype: a part named __proto__ or constructor is just another unknown field.
      const fields: Record<string, string> = Object.create(null);
      let screenshot: { bytes: Buffer; type: 'image/png' | 'image/jpeg' } | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== SCREENSHOT_FIELD) {
              throw badRequest('Only a screenshot may be attached, in the screenshot field.');
            }
            const bytes = await part.toBuffer();
            // A browser sends an empty, nameless part when no file was chosen: that is no screenshot.
            if (bytes.length === 0 && !part.filename) continue;
            if (bytes.length === 0)
              throw badRequest('The screenshot is empty. Please choose a JPEG or PNG image.');
            const type = imageTypeOf(bytes);
            if (!type) throw badRequest('The screenshot must be a JPEG or PNG image.');
            screenshot = { bytes, type };
          } else if (typeof part.value === 'string') {
            fields[part.fieldname] = part.value;
          }
        }
      } catch (err) {
        if (err instanceof HttpError) throw err;
        const code = (err as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE')
          throw new HttpError(413, 'The screenshot must be at most 5 MB.');
        if (code === 'FST_FILES_LIMIT') throw badRequest('Attach at most one screenshot.');
        if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
          throw badRequest('The form has more fields than name, email, message, type and screenshot.');
        throw badRequest('The form could not be read. Please try again.');
      }
      const parsed = contactFieldsSchema.safeParse(fields);
      if (!parsed.success) throw badRequest(parsed.error.issues[0].message);
      const form = parsed.data;

      if (screenshot) await countUpload(ctx, byIp(request));

      // A generated name: the uploader's filename never reaches the disk.
      let storedName: string | null = null;
      if (screenshot) {
        storedName = `${randomUUID()}.${screenshot.type === 'image/png' ? 'png' : 'jpg'}`;
        await mkdir(uploadDir, { recursive: true });
        await writeFile(join(uploadDir, storedName), screenshot.bytes, { flag: 'wx' });
      }
      const label = form.type === 'support' ? 'Support request' : 'Message';
      try {
        // The message and its mail to support are saved together; the mail job delivers it.
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
      return { message: "Message sent successfully! We'll get back to you soon." };
    },
  );
}
