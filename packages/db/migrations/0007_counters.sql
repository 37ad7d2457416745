CREATE TABLE "actor_chat_rates" (
	"actor_id" integer PRIMARY KEY NOT NULL,
	"ratings" integer NOT NULL,
	"satisfied" integer NOT NULL,
	"rate" double precision NOT NULL,
	"since" timestamp with time zone NOT NULL,
	CONSTRAINT "actor_chat_rates_counts_check" CHECK ("actor_chat_rates"."satisfied" >= 0 and "actor_chat_rates"."satisfied" <= "actor_chat_rates"."ratings")
);
--> statement-breakpoint
CREATE TABLE "counters" (
	"name" text PRIMARY KEY NOT NULL,
	"window" text NOT NULL,
	"items" integer NOT NULL,
	"refreshed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_trending" (
	"from_day" date NOT NULL,
	"to_day" date NOT NULL,
	"video_id" integer NOT NULL,
	"sales" integer NOT NULL,
	CONSTRAINT "video_trending_from_day_to_day_video_id_pk" PRIMARY KEY("from_day","to_day","video_id"),
	CONSTRAINT "video_trending_sales_check" CHECK ("video_trending"."sales" > 0)
);
--> statement-breakpoint
ALTER TABLE "actor_chat_rates" ADD CONSTRAINT "actor_chat_rates_actor_id_actors_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_trending" ADD CONSTRAINT "video_trending_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "actor_chat_rates_rank_idx" ON "actor_chat_rates" USING btree ("rate" DESC NULLS FIRST,"ratings" DESC NULLS FIRST,"actor_id");--> statement-breakpoint
CREATE INDEX "video_trending_rank_idx" ON "video_trending" USING btree ("from_day","to_day","sales" DESC NULLS FIRST,"video_id");--> statement-breakpoint
CREATE INDEX "actors_search_online_rank_idx" ON "actors" USING btree ("is_online" DESC NULLS FIRST,"ranking_points" DESC NULLS FIRST,"id","name_lower");--> statement-breakpoint
CREATE INDEX "actors_search_rank_idx" ON "actors" USING btree ("ranking_points" DESC NULLS FIRST,"id","name_lower");--> statement-breakpoint
CREATE INDEX "actors_gender_online_idx" ON "actors" USING btree ("gender","is_online");--> statement-breakpoint
CREATE INDEX "videos_free_price_idx" ON "videos" USING btree ("price_cents","id") WHERE "videos"."free";--> statement-breakpoint
CREATE INDEX "videos_discounted_price_idx" ON "videos" USING btree ("price_cents","id") WHERE "videos"."price_cents" < "videos"."base_price_cents";--> statement-breakpoint
-- Search (actors, models): with 1,000 histogram entries the planner estimates a LIKE %pattern% on names
-- within about 0.1 %, and picks the trigram index for rare patterns and the ranking walk for common ones.
ALTER TABLE "actors" ALTER COLUMN "name_lower" SET STATISTICS 1000;
