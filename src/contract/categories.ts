// Plain data without zod, so the extension's worker can import the list without the validation library.

/**
 * The categories a post can get: categorization answers one of them, and the server drops any other answer (a
 * model's words may be steered by the post it reads).
 */
export const CATEGORIES = [
  'technology',
  'business',
  'career',
  'marketing',
  'design',
  'science',
  'health',
  'finance',
  'education',
  'news',
  'politics',
  'entertainment',
  'sports',
  'travel',
  'food',
  'lifestyle',
  'humor',
  'other',
] as const;
export type Category = (typeof CATEGORIES)[number];
