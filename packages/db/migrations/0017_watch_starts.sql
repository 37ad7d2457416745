CREATE TABLE "watch_starts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"guest_id" bigint,
	"session_id" bigint,
	"video_id" integer NOT NULL,
	"access" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watch_starts_access" CHECK ("watch_starts"."access" in ('full', 'preview'))
);
--> statement-breakpoint
ALTER TABLE "watch_starts" ADD CONSTRAINT "watch_starts_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_starts" ADD CONSTRAINT "watch_starts_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "watch_starts_guest_idx" ON "watch_starts" USING btree ("guest_id","started_at");--> statement-breakpoint
CREATE INDEX "watch_starts_video_idx" ON "watch_starts" USING btree ("video_id","started_at");