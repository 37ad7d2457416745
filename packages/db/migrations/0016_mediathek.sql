CREATE TABLE "mediathek_archive" (
	"guest_id" bigint NOT NULL,
	"media_type" text NOT NULL,
	"item_id" integer NOT NULL,
	"archived_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mediathek_archive_guest_id_media_type_item_id_pk" PRIMARY KEY("guest_id","media_type","item_id"),
	CONSTRAINT "mediathek_archive_media_type" CHECK ("mediathek_archive"."media_type" in ('video', 'photo'))
);
--> statement-breakpoint
CREATE TABLE "mediathek_playlist_items" (
	"playlist_id" bigint NOT NULL,
	"video_id" integer NOT NULL,
	"position" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mediathek_playlist_items_playlist_id_video_id_pk" PRIMARY KEY("playlist_id","video_id")
);
--> statement-breakpoint
CREATE TABLE "mediathek_playlists" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"guest_id" bigint NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mediathek_playlists_name_length" CHECK (char_length("mediathek_playlists"."name") between 1 and 80)
);
--> statement-breakpoint
ALTER TABLE "mediathek_archive" ADD CONSTRAINT "mediathek_archive_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mediathek_playlist_items" ADD CONSTRAINT "mediathek_playlist_items_playlist_id_mediathek_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."mediathek_playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mediathek_playlist_items" ADD CONSTRAINT "mediathek_playlist_items_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mediathek_playlists" ADD CONSTRAINT "mediathek_playlists_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mediathek_archive_guest_newest_idx" ON "mediathek_archive" USING btree ("guest_id","media_type","archived_at");--> statement-breakpoint
CREATE INDEX "mediathek_playlist_items_order_idx" ON "mediathek_playlist_items" USING btree ("playlist_id","position");--> statement-breakpoint
CREATE INDEX "mediathek_playlists_guest_position_idx" ON "mediathek_playlists" USING btree ("guest_id","position","id");