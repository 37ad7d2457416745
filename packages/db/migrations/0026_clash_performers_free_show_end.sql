-- Issue 18 gaps (decision 0053): "at most one clash per performer" is the database's (a row per
-- performer of a clash whose end is not announced yet, keyed by the performer), and a free show may
-- have a planned end (the demo's free shows stop by themselves).
CREATE TABLE "clash_performers" (
	"actor_id" integer PRIMARY KEY NOT NULL,
	"clash_id" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clash_performers" ADD CONSTRAINT "clash_performers_actor_id_actors_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clash_performers" ADD CONSTRAINT "clash_performers_clash_id_clashes_id_fk" FOREIGN KEY ("clash_id") REFERENCES "public"."clashes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clash_performers_clash_idx" ON "clash_performers" USING btree ("clash_id");--> statement-breakpoint
INSERT INTO "clash_performers" ("actor_id", "clash_id")
SELECT DISTINCT ON ("actor_id") "actor_id", "id" FROM (
	SELECT "actor_a" AS "actor_id", "id" FROM "clashes" WHERE "end_announced" = false
	UNION ALL
	SELECT "actor_b", "id" FROM "clashes" WHERE "end_announced" = false
) AS "open" ORDER BY "actor_id", "id" DESC;--> statement-breakpoint
ALTER TABLE "free_shows" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "free_shows_ends_idx" ON "free_shows" USING btree ("ends_at") WHERE "free_shows"."ends_at" IS NOT NULL;
