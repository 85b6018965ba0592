import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inboxMessageSchema, messagesQuerySchema, setMessageStatusSchema } from '../../src/contract/support';
import { getMessage, listMessages, messageScreenshot, setMessageStatus } from './messagesService';
import { operator } from './adminContext';
import { adminList } from './listRoute';
import { messagesFilterSchema } from '../../src/contract/adminLists';
import { errorResponses, idParamsSchema } from '../../src/contract/common';

/**
 * The screenshot is an uploader's file: the browser must take it for the image its bytes prove and nothing else,
 * never run or frame it, and no cache may keep it.
 */
export const SCREENSHOT_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Disposition': 'inline',
  'Content-Security-Policy': "default-src 'none'; img-src 'self'; sandbox",
  'Cache-Control': 'private, no-store',
} as const;

const image = { schema: { type: 'string', format: 'binary' } };
/** Documents the 200 as an image; the other answers stay JSON. */
const screenshotResponse = z
  .string()
  .meta({ description: 'The image', content: { 'image/png': image, 'image/jpeg': image } });

/** The support inbox: contact and support messages, their screenshots, and their open/resolved status. */
export async function messagesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  adminList(app, {
    url: '/messages',
    summary: 'Contact and support messages by type, status and a search of name, email and message',
    key: 'messages',
    query: messagesQuerySchema,
    filter: messagesFilterSchema,
    record: inboxMessageSchema,
    alwaysPaged: true,
    service: listMessages,
  });

  app.get(
    '/messages/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One message, as a bare record (what a REST client reads for one item)',
        params: idParamsSchema,
        response: { 200: inboxMessageSchema, ...errorResponses },
      },
    },
    async (request) => getMessage(app.ctx, request.params.id),
  );

  app.get(
    '/messages/:id/screenshot',
    {
      schema: {
        tags: ['admin'],
        summary: "A support message's screenshot (image/png or image/jpeg), never cached",
        params: idParamsSchema,
        response: { 200: screenshotResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { bytes, type } = await messageScreenshot(app.ctx, request.params.id);
      // Bytes go out as they are (Fastify serializes no Buffer); the string schema only documents the 200.
      return reply
        .headers(SCREENSHOT_HEADERS)
        .type(type)
        .send(bytes as unknown as string);
    },
  );

  app.patch(
    '/messages/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Resolve or reopen a message; who did it and when are recorded',
        params: idParamsSchema,
        body: setMessageStatusSchema,
        response: {
          200: z.object({ message: z.string(), contactMessage: inboxMessageSchema }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const contactMessage = await setMessageStatus(
        app.ctx,
        operator(request),
        request.params.id,
        request.body.status,
      );
      return {
        message: contactMessage.status === 'resolved' ? 'Message resolved' : 'Message reopened',
        contactMessage,
      };
    },
  );
}
