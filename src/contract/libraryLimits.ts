// Plain data without zod, so the extension's library page can import the numbers without the validation library.

/** The bounds of the library's server calls (facets, stats, tag edit, bulk delete). */
export const LIBRARY_LIMITS = {
  /** Tags in the facets' sidebar: the most used first. */
  facetTags: 50,
  /** Weeks in the stats' weekly series, the current one last. */
  weeks: 12,
  /** Entries of each top list of the stats (tags, authors). */
  statsTop: 10,
  /** Posts one bulk delete may name. */
  bulkDelete: 500,
  /** Tags a post may carry after an edit. */
  tags: 20,
  /** Characters of one tag, as the AI's tags (AI_LIMITS.tagLength). */
  tagLength: 40,
  /** Characters of a search. */
  queryLength: 200,
  /** Tags or platforms one filter may name. */
  filterValues: 20,
} as const;

/** What a tag edit refuses: the message names the rule, not the offending text. */
export const TAG_RULE_MESSAGE = `Each tag must be at most ${LIBRARY_LIMITS.tagLength} characters of letters, digits, spaces or hyphens.`;
