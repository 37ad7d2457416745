CREATE TABLE "video_trending" (
	"from_day" date NOT NULL,
	"to_day" date NOT NULL,
	"video_id" integer NOT NULL,
	"sales" integer NOT NULL,
	CONSTRAINT "video_trending_from_day_to_day_video_id_pk" PRIMARY KEY("from_day","to_day","video_id"),
	CONSTRAINT "video_trending_sales_check" CHECK ("video_trending"."sales" > 0)
);
--> statement-breakpoint
ALTER TABLE "video_trending" ADD CONSTRAINT "video_trending_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_trending_rank_idx" ON "video_trending" USING btree ("from_day","to_day","sales" DESC NULLS FIRST,"video_id");--> statement-breakpoint
CREATE INDEX "videos_free_price_idx" ON "videos" USING btree ("price_cents","id") WHERE "videos"."free";--> statement-breakpoint
CREATE INDEX "videos_discounted_price_idx" ON "videos" USING btree ("price_cents","id") WHERE "videos"."price_cents" < "videos"."base_price_cents";