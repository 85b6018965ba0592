DROP INDEX "posts_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "post_media" ADD COLUMN "sha256" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "author_handle" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "quoted_url" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "reply_to_url" text;--> statement-breakpoint
CREATE UNIQUE INDEX "post_media_post_sha256_idx" ON "post_media" USING btree ("post_id","sha256");--> statement-breakpoint
CREATE INDEX "posts_user_updated_idx" ON "posts" USING btree ("user_id","updated_at");--> statement-breakpoint
-- Search now covers the author's handle and a link's title too. IMMUTABLE so it can back an index, as the
-- three-argument form it replaces (0010_ext_api).
CREATE FUNCTION post_search_text(author text, author_handle text, title text, body text, tags text[]) RETURNS text
	LANGUAGE sql IMMUTABLE PARALLEL SAFE
	AS $$ SELECT author || ' ' || author_handle || ' ' || title || ' ' || body || ' ' || array_to_string(tags, ' ') $$;--> statement-breakpoint
CREATE INDEX "posts_search_trgm_idx" ON "posts" USING gin (post_search_text("author", "author_handle", "title", "text", "tags") gin_trgm_ops);--> statement-breakpoint
DROP FUNCTION post_search_text(text, text, text[]);