import type { AiTaskType } from '../../src/contract/ai';

/** A saved post as a model sees it: numbered, so answers refer to posts by number, never by id. */
export interface SamplePost {
  ref: number;
  id: string;
  platform: string;
  author: string;
  /** The author's handle ("@ada"), '' or absent when none. */
  authorHandle?: string;
  /** A link's title, '' or absent when none. */
  title?: string;
  text: string;
  tags: string[];
  category: string | null;
  savedAt: Date;
}

/** Figures over all of a user's saved posts, for analytics. */
export interface LibraryStats {
  totalPosts: number;
  byPlatform: { platform: string; count: number }[];
  byCategory: { category: string; count: number }[];
  topTags: { tag: string; count: number }[];
}

/** What each task sends to the model. */
export type TaskInput =
  | {
      task: 'auto-tagging' | 'categorization';
      text: string;
      platform?: string;
      author?: string;
      authorHandle?: string;
      title?: string;
    }
  | { task: 'search'; query: string; posts: SamplePost[] }
  | { task: 'recommendations'; about?: SamplePost; interest?: string; posts: SamplePost[] }
  | { task: 'analytics'; question?: string; stats: LibraryStats; posts: SamplePost[] };

/** Bounds on what one request sends, so its tokens (and cost) stay small whatever the user saved. */
export const INPUT_LIMITS = {
  /** Characters of one post's text for tagging and categorization. */
  postText: 4000,
  /** The most recent posts that search, recommendations and analytics look through. */
  samplePosts: 50,
  /** Characters of each sampled post's text. */
  sampleText: 280,
  /** Characters of each sampled post's title (a link's). */
  sampleTitle: 120,
  topTags: 20,
} as const;

/** Which of postId and query each task takes; a wrong combination is a 400 with this sentence. */
export function requestProblem(task: AiTaskType, body: { postId?: string; query?: string }): string | null {
  const { postId, query } = body;
  switch (task) {
    case 'auto-tagging':
    case 'categorization':
      if (postId && query) return `${task} takes a postId or a query (the text), not both.`;
      if (!postId && !query) return `${task} needs a postId or a query (the text to work on).`;
      return null;
    case 'search':
      if (postId) return 'search takes a query, not a postId.';
      if (!query) return 'search needs a query.';
      return null;
    case 'recommendations':
      return null;
    case 'analytics':
      if (postId) return 'analytics takes an optional query (a question), not a postId.';
      return null;
  }
}
