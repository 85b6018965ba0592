import { z } from 'zod';

/**
 * A free-text query parameter whose messages name it. PostgreSQL text cannot hold NUL, so a NUL is bad input
 * (400), not a database error.
 */
export const queryText = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .max(max, { error: `${field} must be at most ${max} characters long` })
    .refine((s) => !s.includes('\u0000'), { error: `${field} must not contain NUL characters` });
