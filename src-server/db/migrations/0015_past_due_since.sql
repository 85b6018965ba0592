ALTER TABLE "subscriptions" ADD COLUMN "past_due_since" timestamp with time zone;--> statement-breakpoint
-- Subscriptions already past due get their grace period counted from this migration: when they became past due
-- was never stored.
UPDATE "subscriptions" SET "past_due_since" = now() WHERE "status" = 'past_due';
