import { z } from 'zod';

// Schema pieces every route family uses: one definition each.

/** Every error, and every answer that only says something: `{ message }`. */
export const messageSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageSchema>;

/** A record's id in the path: looked up as given (an unknown id is a 404), but never longer than any of ours. */
export const idParamsSchema = z.object({ id: z.string().max(64) });

/** The error answers of a route that needs a session, reads an id or a body, and may find nothing. */
export const errorResponses = {
  400: messageSchema,
  401: messageSchema,
  403: messageSchema,
  404: messageSchema,
};
