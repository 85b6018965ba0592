CREATE TABLE "abuse_safe_marks" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"tokens_30d" bigint NOT NULL,
	"ai_cost_30d" double precision NOT NULL,
	"storage_used" bigint NOT NULL,
	"storage_limit" bigint NOT NULL,
	"action" text NOT NULL,
	"by" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "abuse_safe_marks" ADD CONSTRAINT "abuse_safe_marks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;