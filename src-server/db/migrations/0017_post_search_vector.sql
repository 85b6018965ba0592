-- Relevance-ranked search: each post's words, weighted where they stand. Author, handle and tags weigh most (A),
-- the title next (B), the text least (D), so a post tagged with a word outranks one that mentions it in passing.
-- English stemming ("marketers" finds "marketing"); the trigram index (posts_search_trgm_idx) still finds a word's
-- beginning and a typo. IMMUTABLE so a generated column can use it: array_to_string is only STABLE, but it is
-- immutable for text arrays, as post_search_text (0016) relies on too.
CREATE FUNCTION post_search_vector(author text, author_handle text, title text, body text, tags text[]) RETURNS tsvector
	LANGUAGE sql IMMUTABLE PARALLEL SAFE
	AS $$ SELECT setweight(to_tsvector('english'::regconfig, author || ' ' || author_handle || ' ' || array_to_string(tags, ' ')), 'A')
		|| setweight(to_tsvector('english'::regconfig, title), 'B')
		|| setweight(to_tsvector('english'::regconfig, body), 'D') $$;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (post_search_vector(author, author_handle, title, text, tags)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "posts_search_fts_idx" ON "posts" USING gin ("search_vector");
