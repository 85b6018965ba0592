CREATE TABLE "ai_usage_30d" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"tokens" bigint NOT NULL,
	"cost" numeric(18, 6) NOT NULL,
	"requests" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_usage_daily" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"tokens" bigint NOT NULL,
	"cost" numeric(18, 6) NOT NULL,
	"requests" integer NOT NULL,
	CONSTRAINT "ai_usage_daily_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "ai_usage_daily_by_model" (
	"day" date NOT NULL,
	"provider" text NOT NULL,
	"model" text NOT NULL,
	"tokens" bigint NOT NULL,
	"cost" numeric(18, 6) NOT NULL,
	"requests" integer NOT NULL,
	CONSTRAINT "ai_usage_daily_by_model_day_provider_model_pk" PRIMARY KEY("day","provider","model")
);
--> statement-breakpoint
CREATE TABLE "ai_usage_window" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"first_day" date,
	CONSTRAINT "ai_usage_window_one_row" CHECK ("ai_usage_window"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "ai_usage_30d" ADD CONSTRAINT "ai_usage_30d_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_usage_daily" ADD CONSTRAINT "ai_usage_daily_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_usage_30d_tokens_idx" ON "ai_usage_30d" USING btree ("tokens");--> statement-breakpoint
CREATE INDEX "ai_usage_30d_cost_idx" ON "ai_usage_30d" USING btree ("cost");--> statement-breakpoint
CREATE INDEX "ai_usage_daily_day_idx" ON "ai_usage_daily" USING btree ("day");--> statement-breakpoint
CREATE INDEX "users_storage_used_idx" ON "users" USING btree ("storage_used");--> statement-breakpoint
CREATE INDEX "users_over_limit_idx" ON "users" USING btree ("id") WHERE "users"."storage_used" > "users"."storage_limit";--> statement-breakpoint
-- The text a saved post is searched by. IMMUTABLE so it can back an index (array_to_string is only STABLE, but
-- turning text[] into text does not depend on any setting).
CREATE FUNCTION post_search_text(author text, body text, tags text[]) RETURNS text
	LANGUAGE sql IMMUTABLE PARALLEL SAFE
	AS $$ SELECT author || ' ' || body || ' ' || array_to_string(tags, ' ') $$;--> statement-breakpoint
CREATE INDEX "posts_search_trgm_idx" ON "posts" USING gin (post_search_text("author", "text", "tags") gin_trgm_ops);--> statement-breakpoint
-- The window row starts unset: the first console read builds ai_usage_30d from the daily rollups.
INSERT INTO "ai_usage_window" ("id", "first_day") VALUES (1, NULL);--> statement-breakpoint
-- Usage recorded before the rollups existed.
INSERT INTO "ai_usage_daily" ("user_id", "day", "tokens", "cost", "requests")
	SELECT "user_id", ("created_at" AT TIME ZONE 'UTC')::date, sum("total_tokens"), sum("cost"), count(*)
	FROM "ai_usage_events" GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO "ai_usage_daily_by_model" ("day", "provider", "model", "tokens", "cost", "requests")
	SELECT ("created_at" AT TIME ZONE 'UTC')::date, "provider", "model", sum("total_tokens"), sum("cost"), count(*)
	FROM "ai_usage_events" GROUP BY 1, 2, 3;
