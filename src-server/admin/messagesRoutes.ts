import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inboxMessageSchema, messagesQuerySchema, setMessageStatusSchema } from '../../src/contract/support';
import { getMessage, listMessages, messageScreenshot, setMessageStatus } from './messagesService';
import { operator } from './adminContext';
import { adminList } from './listRoute';
import { messagesFilterSchema } from '../../src/contract/adminLists';
import { errorResponses, idParamsSchema } from '../../src/contract/common';
import { imageResponse, uploadedImageHeaders } from '../media/uploadedImageReply';

/** The screenshot is an uploader's file (media/uploadedImageReply.ts), and no cache may keep it. */
export const SCREENSHOT_HEADERS = uploadedImageHeaders('private, no-store');

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
        response: { 200: imageResponse(['image/png', 'image/jpeg']), ...errorResponses },
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
