import { createdAt, ts, uuidId } from './columns';
import { getTableColumns, sql } from 'drizzle-orm';
import { bigint, customType, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ownerId } from './users';
import { POST_PLATFORMS } from '../../../src/contract/ext';

/** PostgreSQL's full-text document type; read only by SQL (search ranks with it), never sent to a client. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** A post the extension saved for a user. Saving the same URL again returns this row. */
export const posts = pgTable(
  'posts',
  {
    id: uuidId(),
    userId: ownerId(),
    platform: text('platform', { enum: POST_PLATFORMS }).notNull(),
    url: text('url').notNull(),
    /** The author's display name. */
    author: text('author').notNull().default(''),
    /** The author's handle as the platform writes it ("@ada", "u/ada"). */
    authorHandle: text('author_handle').notNull().default(''),
    /** A link's (or a titled post's) title. */
    title: text('title').notNull().default(''),
    text: text('text').notNull().default(''),
    /** The permalink of the post this one quotes. */
    quotedUrl: text('quoted_url'),
    /** The permalink of the post this one answers. */
    replyToUrl: text('reply_to_url'),
    postedAt: ts('posted_at'),
    tags: text('tags').array().notNull().default([]),
    category: text('category'),
    /** Bytes of the stored text and metadata, counted in users.storage_used. */
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /**
     * The post's words for relevance-ranked search, kept by PostgreSQL itself: author, handle and tags weigh
     * most (A), the title next (B), the text least (D). post_search_vector is an IMMUTABLE function made in the
     * migrations (0017), as post_search_text is. Services select postColumns, which leave it out.
     */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(sql`post_search_vector(author, author_handle, title, text, tags)`),
  },
  (t) => [
    uniqueIndex('posts_user_url_idx').on(t.userId, t.url),
    index('posts_user_created_idx').on(t.userId, t.createdAt),
    // The extension's sync asks what changed since its last look (GET /api/ext/posts?updatedSince=).
    index('posts_user_updated_idx').on(t.userId, t.updatedAt),
    // Search covers author (name and handle), title, text and tags by substring (ILIKE). post_search_text is an
    // IMMUTABLE wrapper made in the migrations, because array_to_string is only STABLE and an index expression
    // must be immutable.
    // Full-text search (websearch_to_tsquery against search_vector); the trigram index above still finds a
    // word's beginning and a typo, which full-text search does not.
    index('posts_search_fts_idx').using('gin', t.searchVector),
    index('posts_search_trgm_idx').using(
      'gin',
      sql`post_search_text(${t.author}, ${t.authorHandle}, ${t.title}, ${t.text}, ${t.tags}) gin_trgm_ops`,
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
    /** SHA-256 of the bytes (hex): the same image sent again to the same post is the one already stored. */
    sha256: text('sha256'),
    createdAt: createdAt(),
  },
  (t) => [
    index('post_media_post_idx').on(t.postId),
    index('post_media_user_idx').on(t.userId),
    uniqueIndex('post_media_post_sha256_idx').on(t.postId, t.sha256),
  ],
);

/** Every column a service reads, without the search document (large, and only SQL needs it). */
const { searchVector: _searchVector, ...readable } = getTableColumns(posts);
export const postColumns = readable;
export type PostRow = Omit<typeof posts.$inferSelect, 'searchVector'>;
