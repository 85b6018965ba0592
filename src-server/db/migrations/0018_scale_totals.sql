CREATE TABLE "user_totals" (
	"plan" text NOT NULL,
	"status" text NOT NULL,
	"shard" smallint NOT NULL,
	"users" integer NOT NULL,
	"flagged" integer NOT NULL,
	"storage_used" bigint NOT NULL,
	CONSTRAINT "user_totals_plan_status_shard_pk" PRIMARY KEY("plan","status","shard")
);
--> statement-breakpoint
ALTER TABLE "ai_usage_window" ADD COLUMN "rolling" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_usage_window" ADD COLUMN "roll_from" date;--> statement-breakpoint
ALTER TABLE "ai_usage_window" ADD COLUMN "roll_cursor" uuid;--> statement-breakpoint
CREATE INDEX "users_last_login_at_idx" ON "users" USING btree ("last_login_at");--> statement-breakpoint
-- user_totals is kept in the statement that changes users: each statement's rows before (-) and after (+),
-- summed by plan, status and shard, added in key order so that two statements lock counter rows alike.
-- The shard is the id's last byte, so one user always lands on the same counter row.
CREATE FUNCTION user_totals_apply() RETURNS trigger
	LANGUAGE plpgsql
	AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO user_totals AS t (plan, status, shard, users, flagged, storage_used)
		SELECT plan, coalesce(subscription_status, 'none'), get_byte(uuid_send(id), 15) % 32,
		       count(*), count(*) FILTER (WHERE flagged_for_abuse), sum(storage_used)
		FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
		ON CONFLICT (plan, status, shard) DO UPDATE SET users = t.users + excluded.users,
			flagged = t.flagged + excluded.flagged, storage_used = t.storage_used + excluded.storage_used;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO user_totals AS t (plan, status, shard, users, flagged, storage_used)
		SELECT plan, coalesce(subscription_status, 'none'), get_byte(uuid_send(id), 15) % 32,
		       -count(*), -count(*) FILTER (WHERE flagged_for_abuse), -sum(storage_used)
		FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
		ON CONFLICT (plan, status, shard) DO UPDATE SET users = t.users + excluded.users,
			flagged = t.flagged + excluded.flagged, storage_used = t.storage_used + excluded.storage_used;
	ELSE
		-- Most updates (a sign-in, a setting) change none of the three: they touch no counter row.
		INSERT INTO user_totals AS t (plan, status, shard, users, flagged, storage_used)
		SELECT plan, status, shard, sum(n), sum(f), sum(s) FROM (
			SELECT plan, coalesce(subscription_status, 'none') AS status, get_byte(uuid_send(id), 15) % 32 AS shard,
			       1 AS n, flagged_for_abuse::int AS f, storage_used AS s FROM new_rows
			UNION ALL
			SELECT plan, coalesce(subscription_status, 'none'), get_byte(uuid_send(id), 15) % 32,
			       -1, -flagged_for_abuse::int, -storage_used FROM old_rows
		) d GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(f) <> 0 OR sum(s) <> 0 ORDER BY 1, 2, 3
		ON CONFLICT (plan, status, shard) DO UPDATE SET users = t.users + excluded.users,
			flagged = t.flagged + excluded.flagged, storage_used = t.storage_used + excluded.storage_used;
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER user_totals_on_insert AFTER INSERT ON "users"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_totals_apply();--> statement-breakpoint
CREATE TRIGGER user_totals_on_update AFTER UPDATE ON "users"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_totals_apply();--> statement-breakpoint
CREATE TRIGGER user_totals_on_delete AFTER DELETE ON "users"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION user_totals_apply();--> statement-breakpoint
-- Counts user_totals afresh from the accounts: here once, and by the bulk seed, whose inserts skip the
-- triggers. Later changes arrive through the triggers; on a live database, writes between its two statements
-- would be lost.
CREATE FUNCTION user_totals_recount() RETURNS void
	LANGUAGE sql
	AS $$
	DELETE FROM user_totals;
	INSERT INTO user_totals (plan, status, shard, users, flagged, storage_used)
	SELECT plan, coalesce(subscription_status, 'none'), get_byte(uuid_send(id), 15) % 32,
	       count(*), count(*) FILTER (WHERE flagged_for_abuse), sum(storage_used)
	FROM users GROUP BY 1, 2, 3;
$$;--> statement-breakpoint
SELECT user_totals_recount();
