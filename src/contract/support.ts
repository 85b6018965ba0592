import { z } from 'zod';
import { queryText } from './queryText';

// The support inbox of the console: contact and support messages sent from the landing page.

export const MESSAGE_TYPES = ['contact', 'support'] as const;
export const MESSAGE_STATUSES = ['open', 'resolved'] as const;
export const messageTypeSchema = z.enum(MESSAGE_TYPES, { error: 'type must be contact or support' });
export const messageStatusSchema = z.enum(MESSAGE_STATUSES, { error: 'status must be open or resolved' });
export type MessageStatus = z.infer<typeof messageStatusSchema>;

/** A row of GET /admin/messages. handledBy and handledAt tell who last resolved or reopened it, and when. */
export const inboxMessageSchema = z.object({
  id: z.string(),
  type: messageTypeSchema,
  name: z.string(),
  email: z.string(),
  message: z.string(),
  hasScreenshot: z.boolean(),
  status: messageStatusSchema,
  createdAt: z.string(),
  handledBy: z.string().nullable(),
  handledAt: z.string().nullable(),
});
export type InboxMessage = z.infer<typeof inboxMessageSchema>;

export const messagesQuerySchema = z.object({
  type: messageTypeSchema.optional(),
  status: messageStatusSchema.optional(),
  search: queryText('search', 200).optional(),
});

export const setMessageStatusSchema = z.object({ status: messageStatusSchema });
