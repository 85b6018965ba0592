import { z } from 'zod';

export const MAX_SCREENSHOT_BYTES = 5 * 1024 * 1024;

// PostgreSQL text cannot hold NUL: refused as bad input, never a failed insert.
const noNul = (s: string) => !s.includes('\u0000');

/** The text fields of a contact submission (docs/product.md#contact-submission). */
export const contactFieldsSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, { error: 'Name is required' })
    .max(200, { error: 'Name must be at most 200 characters long' })
    .refine(noNul, { error: 'Name must not contain NUL characters' }),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, { error: 'Email is required' })
    .pipe(z.email({ error: 'Email must be a valid email address' })),
  message: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, { error: 'Message is required' })
    .max(10_000, { error: 'Message must be at most 10000 characters long' })
    .refine(noNul, { error: 'Message must not contain NUL characters' }),
  type: z.enum(['contact', 'support'], { error: 'Type must be contact or support' }),
});
export type ContactFields = z.infer<typeof contactFieldsSchema>;
