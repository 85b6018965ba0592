import { z } from 'zod';
import { CATEGORIES } from './categories';

// The extension's AI requests: POST /api/ext/ai/{taskType}. Each task has its own result shape.

/** Bounds on what a model may hand back, so one odd answer cannot bloat a post or a response. */
export const AI_LIMITS = {
  tags: 10,
  tagLength: 40,
  queryLength: 2000,
  searchMatches: 20,
  recommendations: 10,
  reasonLength: 200,
  summaryLength: 1000,
  topics: 10,
} as const;

export { CATEGORIES, type Category } from './categories';

/**
 * A tag as the AI gives it: lower-case letters of any script (with their accents), digits, single spaces and
 * hyphens, at most `AI_LIMITS.tagLength` characters, with at least one letter or digit.
 */
export const TAG_PATTERN =
  /^(?=.*[\p{L}\p{Nd}])[\p{Ll}\p{Lm}\p{Lo}\p{M}\p{Nd}-]+(?: [\p{Ll}\p{Lm}\p{Lo}\p{M}\p{Nd}-]+)*$/u;

const tags = z.array(z.string().min(1).max(AI_LIMITS.tagLength).regex(TAG_PATTERN)).max(AI_LIMITS.tags);

/** What `result` holds for each task type. */
export const aiResultSchemas = {
  /** Tags for the post (saved on it) or for the text sent as `query`. */
  'auto-tagging': z.object({ tags: tags.min(1) }),
  /** One of CATEGORIES for the post (saved on it) or for the text sent as `query`. */
  categorization: z.object({ category: z.enum(CATEGORIES) }),
  /** The user's posts that answer `query`, best first (ids among the recent posts the model saw). */
  search: z.object({ postIds: z.array(z.string()).max(AI_LIMITS.searchMatches) }),
  /** Posts worth revisiting, related to `postId` when given, each with a short reason. */
  recommendations: z.object({
    recommendations: z
      .array(z.object({ postId: z.string(), reason: z.string().max(AI_LIMITS.reasonLength) }))
      .max(AI_LIMITS.recommendations),
  }),
  /** A short summary of the user's saving habits and the main topics, answering `query` when given. */
  analytics: z.object({ summary: z.string().min(1).max(AI_LIMITS.summaryLength), topics: tags }),
};

export type AiTaskType = keyof typeof aiResultSchemas;
export type AiResult<T extends AiTaskType = AiTaskType> = z.infer<(typeof aiResultSchemas)[T]>;
export const AI_TASK_TYPES = Object.keys(aiResultSchemas) as AiTaskType[];

export const aiTaskParamsSchema = z.object({
  taskType: z.enum(AI_TASK_TYPES as [AiTaskType, ...AiTaskType[]], {
    error: `Unknown AI task type. Use one of: ${AI_TASK_TYPES.join(', ')}`,
  }),
});

export const aiRequestSchema = z.object({
  /** A saved post of the signed-in user: auto-tagging and categorization save their answer on it. */
  postId: z.string().max(100).optional(),
  /** Text to tag or categorize, a search query, or a question for analytics. */
  query: z
    .string()
    .trim()
    .min(1, { error: 'query must not be empty' })
    .max(AI_LIMITS.queryLength, { error: `query must be at most ${AI_LIMITS.queryLength} characters` })
    .optional(),
});
export type AiRequest = z.infer<typeof aiRequestSchema>;

export const aiUsageSchema = z.object({
  inputTokens: z.number().int(),
  outputTokens: z.number().int(),
  totalTokens: z.number().int(),
});

export const aiResponseSchema = z.object({
  result: z.union([
    aiResultSchemas['auto-tagging'],
    aiResultSchemas.categorization,
    aiResultSchemas.search,
    aiResultSchemas.recommendations,
    aiResultSchemas.analytics,
  ]),
  /** The provider that served the request: the configured one, or openai after a fallback. */
  provider: z.string(),
  model: z.string(),
  usage: aiUsageSchema,
  /** Dollars, priced from the model's token prices. */
  cost: z.number(),
});
export type AiResponse = z.infer<typeof aiResponseSchema>;
