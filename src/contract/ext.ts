import { z } from 'zod';
import { POST_PLATFORMS } from './platforms';
import { planSchema, subscriptionStatusSchema } from './user';

// The extension's API under /api/ext. The server validates and documents with these schemas; the extension
// and the web app import the inferred types only.

export { POST_PLATFORMS, PLATFORM_LABELS, type PostPlatform } from './platforms';
export const platformSchema = z.enum(POST_PLATFORMS, {
  error: `platform must be one of ${POST_PLATFORMS.join(', ')}`,
});

/** Media the extension may attach to a post: checked by the file's bytes, not its name or declared type. */
export const MEDIA_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const MAX_MEDIA_BYTES = 20 * 1024 * 1024;

export const MAX_URL_LENGTH = 2048;
export const MAX_AUTHOR_LENGTH = 200;
export const MAX_TITLE_LENGTH = 500;
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

/** An http(s) URL field: trimmed, at most MAX_URL_LENGTH characters. */
const httpUrl = (field: string, required = false) =>
  text(field, MAX_URL_LENGTH)
    .trim()
    .refine((u) => !required || u.length > 0, { error: `${field} is required`, abort: true })
    .refine((u) => /^https?:\/\/[^\s/]+/i.test(u) && URL.canParse(u), {
      error: `${field} must be an http or https URL`,
    });

export const savePostSchema = z.object(
  {
    platform: platformSchema,
    /** The post's canonical permalink; the same url again returns the saved post. */
    url: httpUrl('url', true),
    /** The author's display name, e.g. "Ada Lovelace". */
    author: text('author', MAX_AUTHOR_LENGTH).trim().optional(),
    /** The author's handle as the platform writes it, e.g. "@ada" on X or "u/ada" on Reddit. */
    authorHandle: text('authorHandle', MAX_AUTHOR_LENGTH).trim().optional(),
    /** A link's title (any site), or a post's own title (e.g. Reddit's). */
    title: text('title', MAX_TITLE_LENGTH).trim().optional(),
    text: text('text', MAX_TEXT_LENGTH).optional(),
    /** The permalink of the post this one quotes (X). */
    quotedUrl: httpUrl('quotedUrl').nullable().optional(),
    /** A reply's: the permalink of the post it answers. */
    replyToUrl: httpUrl('replyToUrl').nullable().optional(),
    postedAt: z.iso
      .datetime({ offset: true, error: 'postedAt must be an ISO date-time such as 2026-01-31T12:00:00Z' })
      .refine((s) => s >= '1970' && s < '3000', { error: 'postedAt must be between 1970 and 2999' })
      .nullable()
      .optional(),
  },
  {
    error:
      'Send a JSON object with platform and url (author, authorHandle, title, text, quotedUrl, replyToUrl and postedAt are optional).',
  },
);
export type SavePost = z.infer<typeof savePostSchema>;

export const mediaSchema = z.object({
  id: z.string(),
  sizeBytes: z.number(),
  contentType: z.enum(MEDIA_TYPES),
});
export type Media = z.infer<typeof mediaSchema>;

export const postSchema = z.object({
  id: z.string(),
  platform: platformSchema,
  url: z.string(),
  /** The display name; '' when the save had none. */
  author: z.string(),
  /** '' when the save had none. */
  authorHandle: z.string(),
  /** '' when the save had none. */
  title: z.string(),
  text: z.string(),
  quotedUrl: z.string().nullable(),
  replyToUrl: z.string().nullable(),
  postedAt: z.string().nullable(),
  tags: z.array(z.string()),
  category: z.string().nullable(),
  /** The images attached to the post, in the order they were uploaded. */
  media: z.array(mediaSchema),
  /** Bytes this post counts against the storage limit (its media are counted apart). */
  sizeBytes: z.number(),
  createdAt: z.string(),
  /** The last change: the save, new tags or category, an attached image. What `updatedSince` compares. */
  updatedAt: z.string(),
});
export type Post = z.infer<typeof postSchema>;

/** An empty query parameter (?platform=) means no filter. */
const optionalParam = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/**
 * A place in the list: in the newest-first order, the microseconds of a post's createdAt and its id; in a
 * search's relevance order, `r` and how many results came before (ranks are not a stable key to page by).
 */
export const POST_CURSOR_PATTERN =
  /^(\d{1,17}_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|r\d{1,7})$/;

export const listPostsQuerySchema = z
  .object({
    /** Search text; results come ranked by relevance (docs/product.md, Extension API). */
    search: optionalParam(text('search', 200)),
    /** The same as search, the name the library's filters use (libraryFilterSchema); search wins when both come. */
    q: optionalParam(text('q', 200)),
    platform: optionalParam(platformSchema),
    tag: optionalParam(text('tag', 100)),
    page: optionalParam(z.coerce.number({ error: 'page must be a number' }).int().min(1).max(100_000)),
    perPage: optionalParam(z.coerce.number({ error: 'perPage must be a number' }).int().min(1).max(100)),
    /** Only posts whose updatedAt is at or after this instant: what changed since the last sync. */
    updatedSince: optionalParam(
      z.iso.datetime({
        offset: true,
        error: 'updatedSince must be an ISO date-time such as 2026-01-31T12:00:00Z',
      }),
    ),
    /** The posts after this place in the order: the nextCursor of the previous page. */
    before: optionalParam(
      z.string().regex(POST_CURSOR_PATTERN, { error: 'before must be the nextCursor of an earlier page' }),
    ),
  })
  .refine((q) => !(q.before && q.page), { error: 'Use page or before, not both.' });
export type ListPostsQuery = z.infer<typeof listPostsQuerySchema>;

export const postListSchema = z.object({
  posts: z.array(postSchema),
  /** Pass as `before` for the next page; null when this page is the last. */
  nextCursor: z.string().nullable(),
});
export type PostList = z.infer<typeof postListSchema>;
