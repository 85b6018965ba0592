import { createdAt, ts, uuidId } from './columns';
import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ownerId } from './users';

export const POST_PLATFORMS = ['x', 'linkedin', 'reddit', 'instagram', 'pinterest'] as const;

/** A post the extension saved for a user. Saving the same URL again returns this row. */
export const posts = pgTable(
  'posts',
  {
    id: uuidId(),
    userId: ownerId(),
    platform: text('platform', { enum: POST_PLATFORMS }).notNull(),
    url: text('url').notNull(),
    author: text('author').notNull().default(''),
    text: text('text').notNull().default(''),
    postedAt: ts('posted_at'),
    tags: text('tags').array().notNull().default([]),
    category: text('category'),
    /** Bytes of the stored text and metadata, counted in users.storage_used. */
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('posts_user_url_idx').on(t.userId, t.url),
    index('posts_user_created_idx').on(t.userId, t.createdAt),
    // Search covers text, author and tags by substring (ILIKE). post_search_text is an IMMUTABLE wrapper made in
    // the migration, because array_to_string is only STABLE and an index expression must be immutable.
    index('posts_search_trgm_idx').using(
      'gin',
      sql`post_search_text(${t.author}, ${t.text}, ${t.tags}) gin_trgm_ops`,
    ),
  ],
);

/** An image attached to a saved post; the bytes live in the media store, counted in users.storage_used. */
export const postMedia = pgTable(
  'post_media',
  {
    id: uuidId(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: ownerId(),
    /** The media store's key; a generated name, never the uploader's. */
    storageKey: text('storage_key').notNull().unique(),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('post_media_post_idx').on(t.postId), index('post_media_user_idx').on(t.userId)],
);

export type PostRow = typeof posts.$inferSelect;
