import { z } from 'zod';
import { CATEGORIES } from './categories';
import { platformSchema } from './ext';
import { LIBRARY_LIMITS } from './libraryLimits';

// The library page's server calls under /api/ext: counts for its sidebar, its analytics, tag edits and deletes.
// The server validates and documents with these schemas; the extension imports the inferred types only (and the
// zod-free numbers from libraryLimits.ts).

export { LIBRARY_LIMITS, TAG_RULE_MESSAGE } from './libraryLimits';

/** A repeatable query parameter (?tag=a&tag=b): one value or several arrive; empty values mean no filter. */
const repeated = <T extends z.ZodType>(schema: T, field: string) =>
  z.preprocess(
    (v) => {
      const list = (v === undefined ? [] : Array.isArray(v) ? v : [v]).filter((x) => x !== '');
      return list.length ? list : undefined;
    },
    z
      .array(schema)
      .max(LIBRARY_LIMITS.filterValues, {
        error: `${field} may be given at most ${LIBRARY_LIMITS.filterValues} times`,
      })
      .optional(),
  );

const noNul = (s: string) => !s.includes('\u0000');

/**
 * The library's filters, shared by the facets, the stats and the page's address: q searches author, handle,
 * title, text and tags (ranked as the posts list ranks it); every tag must be on a post; any of the platforms.
 */
export const libraryFilterSchema = z.object({
  q: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string({ error: 'q must be text' })
      .max(LIBRARY_LIMITS.queryLength, {
        error: `q must be at most ${LIBRARY_LIMITS.queryLength} characters long`,
      })
      .refine(noNul, { error: 'q must not contain NUL characters' })
      .optional(),
  ),
  tag: repeated(
    z
      .string({ error: 'tag must be text' })
      .max(100, { error: 'tag must be at most 100 characters long' })
      .refine(noNul, { error: 'tag must not contain NUL characters' }),
    'tag',
  ),
  platform: repeated(platformSchema, 'platform'),
  category: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(CATEGORIES, { error: `category must be one of ${CATEGORIES.join(', ')}` }).optional(),
  ),
});
export type LibraryFilter = z.infer<typeof libraryFilterSchema>;

/** One bar of a count: a platform, tag, category or author, and how many posts have it. */
export const facetCountSchema = z.object({ value: z.string(), count: z.number() });
export type FacetCount = z.infer<typeof facetCountSchema>;

/** GET /api/ext/library/facets: the sidebar's counts under the current search and the other filters. */
export const libraryFacetsSchema = z.object({
  /** Posts matching every filter. */
  total: z.number(),
  /** Every platform with a matching post, the most first. */
  platforms: z.array(facetCountSchema),
  /** The LIBRARY_LIMITS.facetTags most used tags among the matching posts. */
  tags: z.array(facetCountSchema),
  /** Every category with a matching post; posts without one are not counted here. */
  categories: z.array(facetCountSchema),
});
export type LibraryFacets = z.infer<typeof libraryFacetsSchema>;

/** GET /api/ext/library/stats: the analytics of the posts matching the filters. */
export const libraryStatsSchema = z.object({
  total: z.number(),
  /** Saves per week: exactly LIBRARY_LIMITS.weeks weeks, oldest first, the current one last, zero-filled. */
  weekly: z.array(
    z.object({
      /** The week's Monday (UTC), YYYY-MM-DD. */
      weekStart: z.string(),
      count: z.number(),
    }),
  ),
  platforms: z.array(facetCountSchema),
  /** The LIBRARY_LIMITS.statsTop most used tags. */
  tags: z.array(facetCountSchema),
  /** The LIBRARY_LIMITS.statsTop most saved authors (display name, or the handle when there is none). */
  authors: z.array(facetCountSchema),
});
export type LibraryStats = z.infer<typeof libraryStatsSchema>;

/** PUT /api/ext/posts/{id}/tags: the post's whole new tag list (normalised as saved tags are: see TAG_RULE_MESSAGE). */
export const editTagsSchema = z.object(
  {
    tags: z
      .array(z.string({ error: 'Each tag must be text.' }).max(200, { error: 'A tag is too long.' }), {
        error: 'tags must be a list of texts',
      })
      .max(LIBRARY_LIMITS.tags, { error: `A post can have at most ${LIBRARY_LIMITS.tags} tags.` }),
  },
  { error: 'Send a JSON object with tags: a list of texts.' },
);
export type EditTags = z.infer<typeof editTagsSchema>;

/** POST /api/ext/posts/delete: the posts to delete; ids that are not the caller's are skipped, not revealed. */
export const bulkDeleteSchema = z.object(
  {
    ids: z
      .array(z.uuid({ error: 'Each id must be a post id.' }), { error: 'ids must be a list of post ids' })
      .min(1, { error: 'Name at least one post.' })
      .max(LIBRARY_LIMITS.bulkDelete, {
        error: `At most ${LIBRARY_LIMITS.bulkDelete} posts can be deleted at once.`,
      }),
  },
  { error: 'Send a JSON object with ids: a list of post ids.' },
);
export type BulkDelete = z.infer<typeof bulkDeleteSchema>;

/** POST /api/ext/posts/delete-all: the whole library; confirm must be true so a stray request deletes nothing. */
export const deleteAllSchema = z.object(
  { confirm: z.literal(true, { error: 'Send {"confirm": true} to delete every saved post.' }) },
  { error: 'Send {"confirm": true} to delete every saved post.' },
);
export type DeleteAll = z.infer<typeof deleteAllSchema>;

/** What a delete answers: how many posts went, and the account's storage used afterwards (bytes). */
export const deleteResultSchema = z.object({ deleted: z.number(), storageUsed: z.number() });
export type DeleteResult = z.infer<typeof deleteResultSchema>;
