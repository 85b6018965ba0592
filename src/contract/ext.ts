import { z } from 'zod';
import { planSchema, subscriptionStatusSchema } from './user';

// The extension's API under /api/ext. The server validates and documents with these schemas; the extension
// and the web app import the inferred types only.

export const POST_PLATFORMS = ['x', 'linkedin', 'reddit', 'instagram', 'pinterest'] as const;
export const platformSchema = z.enum(POST_PLATFORMS, {
  error: `platform must be one of ${POST_PLATFORMS.join(', ')}`,
});

/** Media the extension may attach to a post: checked by the file's bytes, not its name or declared type. */
export const MEDIA_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const MAX_MEDIA_BYTES = 20 * 1024 * 1024;

export const MAX_URL_LENGTH = 2048;
export const MAX_AUTHOR_LENGTH = 200;
export const MAX_TEXT_LENGTH = 50_000;

/** A text field whose messages name it. PostgreSQL text cannot hold NUL, so a NUL is bad input, not a crash. */
const text = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .max(max, { error: `${field} must be at most ${max} characters long` })
    .refine((s) => !s.includes('\u0000'), { error: `${field} must not contain NUL characters` });

export const accountSchema = z.object({
  email: z.string(),
  displayName: z.string(),
  plan: planSchema,
  subscriptionStatus: subscriptionStatusSchema.nullable(),
  adsDisabled: z.boolean(),
  /** True only for a free account whose ads an operator has not turned off. */
  showAds: z.boolean(),
  storageUsed: z.number(),
  storageLimit: z.number(),
  /** The account may use the AI features beyond basic categorization. */
  aiEnabled: z.boolean(),
});
export type ExtAccount = z.infer<typeof accountSchema>;

export const savePostSchema = z.object(
  {
    platform: platformSchema,
    url: text('url', MAX_URL_LENGTH)
      .trim()
      .min(1, { error: 'url is required' })
      .refine((u) => /^https?:\/\/[^\s/]+/i.test(u) && URL.canParse(u), {
        error: 'url must be an http or https URL',
      }),
    author: text('author', MAX_AUTHOR_LENGTH).trim().optional(),
    text: text('text', MAX_TEXT_LENGTH).optional(),
    postedAt: z.iso
      .datetime({ offset: true, error: 'postedAt must be an ISO date-time such as 2026-01-31T12:00:00Z' })
      .refine((s) => s >= '1970' && s < '3000', { error: 'postedAt must be between 1970 and 2999' })
      .nullable()
      .optional(),
  },
  { error: 'Send a JSON object with platform and url (author, text and postedAt are optional).' },
);
export type SavePost = z.infer<typeof savePostSchema>;

export const postSchema = z.object({
  id: z.string(),
  platform: platformSchema,
  url: z.string(),
  author: z.string(),
  text: z.string(),
  postedAt: z.string().nullable(),
  tags: z.array(z.string()),
  category: z.string().nullable(),
  /** Bytes this post counts against the storage limit (its media are counted apart). */
  sizeBytes: z.number(),
  createdAt: z.string(),
});
export type Post = z.infer<typeof postSchema>;

/** An empty query parameter (?platform=) means no filter. */
const optionalParam = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

export const listPostsQuerySchema = z.object({
  search: optionalParam(text('search', 200)),
  platform: optionalParam(platformSchema),
  tag: optionalParam(text('tag', 100)),
  page: optionalParam(z.coerce.number({ error: 'page must be a number' }).int().min(1).max(100_000)),
  perPage: optionalParam(z.coerce.number({ error: 'perPage must be a number' }).int().min(1).max(100)),
});
export type ListPostsQuery = z.infer<typeof listPostsQuerySchema>;

export const mediaSchema = z.object({
  id: z.string(),
  sizeBytes: z.number(),
  contentType: z.enum(MEDIA_TYPES),
});
export type Media = z.infer<typeof mediaSchema>;
