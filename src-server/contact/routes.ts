import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { badRequest, HttpError } from '../errors';
import { rateLimit, RATE_RULES } from '../plugins/rateLimit';

import { contactFieldsSchema, MAX_SCREENSHOT_BYTES } from './contactForm';
import { screenshotImage } from './imageType';
import { pixelLimitMessage, withinPixelLimit } from '../media/pixelLimit';
import { countUpload } from './uploadCap';
import { byIp } from '../plugins/rateLimit';
import { saveContactMessage, type Screenshot } from './contactService';
import { messageSchema } from '../../src/contract/common';

const SCREENSHOT_FIELD = 'screenshot';

/** POST /api/contact: contact and support messages, with an optional JPEG or PNG screenshot. */
export async function contactRoutes(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: MAX_SCREENSHOT_BYTES, files: 1, fields: 10, fieldSize: 64 * 1024, parts: 12 },
  });
  const ctx = app.ctx;

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
          200: messageSchema,
          400: messageSchema,
          413: messageSchema,
          429: messageSchema,
        },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw badRequest('Send the message as multipart form data.');
      // No prototype: a part named __proto__ or constructor is just another unknown field.
      const fields: Record<string, string> = Object.create(null);
      let screenshot: Screenshot | null = null;
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
            const image = screenshotImage(bytes);
            if (!image) throw badRequest('The screenshot must be a JPEG or PNG image.');
            if (!withinPixelLimit(image)) throw new HttpError(413, pixelLimitMessage('The screenshot'));
            screenshot = { bytes, type: image.type };
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

      if (screenshot) await countUpload(ctx, byIp(request));
      await saveContactMessage(ctx, parsed.data, screenshot);
      return { message: "Message sent successfully! We'll get back to you soon." };
    },
  );
}
