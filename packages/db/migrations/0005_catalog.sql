CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "actor_heat_maps" (
	"actor_id" integer PRIMARY KEY NOT NULL,
	"heat_map" jsonb NOT NULL,
	"hours_to_be_online" jsonb NOT NULL,
	"memo" jsonb
);
--> statement-breakpoint
CREATE TABLE "actor_interviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_id" integer NOT NULL,
	"title" jsonb NOT NULL,
	"image_key" text NOT NULL,
	"duration_s" integer NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	CONSTRAINT "actor_interviews_duration_check" CHECK ("actor_interviews"."duration_s" > 0)
);
--> statement-breakpoint
CREATE TABLE "actor_notes" (
	"guest_id" bigint NOT NULL,
	"actor_id" integer NOT NULL,
	"comment" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "actor_notes_guest_id_actor_id_pk" PRIMARY KEY("guest_id","actor_id"),
	CONSTRAINT "actor_notes_comment_length" CHECK (char_length("actor_notes"."comment") <= 2000)
);
--> statement-breakpoint
CREATE TABLE "actor_search_filters" (
	"guest_id" bigint PRIMARY KEY NOT NULL,
	"filter" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "album_comments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"album_id" integer NOT NULL,
	"guest_id" bigint NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "album_comments_album_guest_unique" UNIQUE("album_id","guest_id"),
	CONSTRAINT "album_comments_text_length" CHECK (char_length("album_comments"."text") between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "album_ratings" (
	"guest_id" bigint NOT NULL,
	"album_id" integer NOT NULL,
	"rating" smallint NOT NULL,
	CONSTRAINT "album_ratings_guest_id_album_id_pk" PRIMARY KEY("guest_id","album_id"),
	CONSTRAINT "album_ratings_rating_check" CHECK ("album_ratings"."rating" in (-1, 1))
);
--> statement-breakpoint
CREATE TABLE "album_views" (
	"guest_id" bigint NOT NULL,
	"album_id" integer NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "album_views_guest_id_album_id_pk" PRIMARY KEY("guest_id","album_id")
);
--> statement-breakpoint
CREATE TABLE "cam_shows" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"price_cents" integer NOT NULL,
	"is_free" boolean DEFAULT false NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"is_internal" boolean DEFAULT false NOT NULL,
	"bonus_code" text,
	CONSTRAINT "cam_shows_dates_check" CHECK ("cam_shows"."ends_at" > "cam_shows"."starts_at"),
	CONSTRAINT "cam_shows_price_check" CHECK ("cam_shows"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "chat_ratings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_id" integer NOT NULL,
	"guest_id" bigint,
	"satisfied" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favorite_actors" (
	"guest_id" bigint NOT NULL,
	"actor_id" integer NOT NULL,
	"notify_email" boolean DEFAULT false NOT NULL,
	"notify_sms" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorite_actors_guest_id_actor_id_pk" PRIMARY KEY("guest_id","actor_id")
);
--> statement-breakpoint
CREATE TABLE "picture_ratings" (
	"guest_id" bigint NOT NULL,
	"picture_id" integer NOT NULL,
	"rating" smallint NOT NULL,
	CONSTRAINT "picture_ratings_guest_id_picture_id_pk" PRIMARY KEY("guest_id","picture_id"),
	CONSTRAINT "picture_ratings_rating_check" CHECK ("picture_ratings"."rating" in (-1, 1))
);
--> statement-breakpoint
CREATE TABLE "search_patterns" (
	"guest_id" bigint NOT NULL,
	"pattern" text NOT NULL,
	"searched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_patterns_guest_id_pattern_pk" PRIMARY KEY("guest_id","pattern"),
	CONSTRAINT "search_patterns_length" CHECK (char_length("search_patterns"."pattern") between 3 and 100)
);
--> statement-breakpoint
CREATE TABLE "search_stats" (
	"pattern_lower" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sedcard_ratings" (
	"guest_id" bigint NOT NULL,
	"actor_id" integer NOT NULL,
	"rating" smallint NOT NULL,
	CONSTRAINT "sedcard_ratings_guest_id_actor_id_pk" PRIMARY KEY("guest_id","actor_id"),
	CONSTRAINT "sedcard_ratings_rating_check" CHECK ("sedcard_ratings"."rating" in (-1, 1))
);
--> statement-breakpoint
CREATE TABLE "tile_grid_settings" (
	"guest_id" bigint NOT NULL,
	"type" text NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tile_grid_settings_guest_id_type_pk" PRIMARY KEY("guest_id","type")
);
--> statement-breakpoint
CREATE TABLE "video_ratings" (
	"guest_id" bigint NOT NULL,
	"video_id" integer NOT NULL,
	"rating" smallint NOT NULL,
	CONSTRAINT "video_ratings_guest_id_video_id_pk" PRIMARY KEY("guest_id","video_id"),
	CONSTRAINT "video_ratings_rating_check" CHECK ("video_ratings"."rating" in (-1, 1))
);
--> statement-breakpoint
ALTER TABLE "actors" ADD COLUMN "is_online_mobile_videocall" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "actors" ADD COLUMN "ranking_points_video_call" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "actors" ADD COLUMN "price_videocall_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "actors" ADD COLUMN "is_currently_ticket_show" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "actors" ADD COLUMN "pinned_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "actors" ADD COLUMN "country_code" text;--> statement-breakpoint
ALTER TABLE "actors" ADD COLUMN "zip_code" text;--> statement-breakpoint
ALTER TABLE "actors" ADD COLUMN "lat" double precision;--> statement-breakpoint
ALTER TABLE "actors" ADD COLUMN "lon" double precision;--> statement-breakpoint
ALTER TABLE "actors" ADD COLUMN "promoted_video_id" integer;--> statement-breakpoint
ALTER TABLE "actors" ADD COLUMN "sedcard_likes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "actors" ADD COLUMN "sedcard_dislikes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "albums" ADD COLUMN "comment_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pictures" ADD COLUMN "likes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pictures" ADD COLUMN "dislikes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "vip30" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "cam_recording" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "vxselect" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "shared" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "asmr" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "dislikes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "actor_heat_maps" ADD CONSTRAINT "actor_heat_maps_actor_id_actors_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "actor_interviews" ADD CONSTRAINT "actor_interviews_actor_id_actors_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "actor_notes" ADD CONSTRAINT "actor_notes_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "actor_notes" ADD CONSTRAINT "actor_notes_actor_id_actors_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "actor_search_filters" ADD CONSTRAINT "actor_search_filters_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "album_comments" ADD CONSTRAINT "album_comments_album_id_albums_id_fk" FOREIGN KEY ("album_id") REFERENCES "public"."albums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "album_comments" ADD CONSTRAINT "album_comments_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "album_ratings" ADD CONSTRAINT "album_ratings_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "album_ratings" ADD CONSTRAINT "album_ratings_album_id_albums_id_fk" FOREIGN KEY ("album_id") REFERENCES "public"."albums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "album_views" ADD CONSTRAINT "album_views_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "album_views" ADD CONSTRAINT "album_views_album_id_albums_id_fk" FOREIGN KEY ("album_id") REFERENCES "public"."albums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cam_shows" ADD CONSTRAINT "cam_shows_actor_id_actors_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_ratings" ADD CONSTRAINT "chat_ratings_actor_id_actors_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_ratings" ADD CONSTRAINT "chat_ratings_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_actors" ADD CONSTRAINT "favorite_actors_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_actors" ADD CONSTRAINT "favorite_actors_actor_id_actors_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picture_ratings" ADD CONSTRAINT "picture_ratings_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picture_ratings" ADD CONSTRAINT "picture_ratings_picture_id_pictures_id_fk" FOREIGN KEY ("picture_id") REFERENCES "public"."pictures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_patterns" ADD CONSTRAINT "search_patterns_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sedcard_ratings" ADD CONSTRAINT "sedcard_ratings_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sedcard_ratings" ADD CONSTRAINT "sedcard_ratings_actor_id_actors_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tile_grid_settings" ADD CONSTRAINT "tile_grid_settings_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_ratings" ADD CONSTRAINT "video_ratings_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_ratings" ADD CONSTRAINT "video_ratings_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "actor_interviews_actor_idx" ON "actor_interviews" USING btree ("actor_id","published_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "album_comments_album_created_idx" ON "album_comments" USING btree ("album_id","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "cam_shows_starts_idx" ON "cam_shows" USING btree ("starts_at","id");--> statement-breakpoint
CREATE INDEX "cam_shows_ends_idx" ON "cam_shows" USING btree ("ends_at");--> statement-breakpoint
CREATE INDEX "cam_shows_actor_starts_idx" ON "cam_shows" USING btree ("actor_id","starts_at");--> statement-breakpoint
CREATE INDEX "chat_ratings_actor_created_idx" ON "chat_ratings" USING btree ("actor_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "favorite_actors_actor_idx" ON "favorite_actors" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "search_patterns_guest_searched_idx" ON "search_patterns" USING btree ("guest_id","searched_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "search_stats_count_idx" ON "search_stats" USING btree ("count" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "actors_free_chat_idx" ON "actors" USING btree ("is_online" DESC NULLS FIRST,"ranking_points" DESC NULLS FIRST,"id") WHERE "actors"."free_chat";--> statement-breakpoint
CREATE INDEX "actors_videocall_idx" ON "actors" USING btree ("is_online_mobile_videocall" DESC NULLS FIRST,"ranking_points_video_call" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "actors_type_online_ranking_idx" ON "actors" USING btree ("actor_type","is_online" DESC NULLS FIRST,"ranking_points" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "actors_name_trgm_idx" ON "actors" USING gin ("name_lower" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "actors_geo_idx" ON "actors" USING btree ("lat","lon");--> statement-breakpoint
CREATE INDEX "albums_created_idx" ON "albums" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "albums_title_trgm_idx" ON "albums" USING gin (lower("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "blog_posts_title_de_trgm_idx" ON "blog_posts" USING gin (lower("title" ->> 'de') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "blog_posts_title_en_trgm_idx" ON "blog_posts" USING gin (lower("title" ->> 'en') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "blog_posts_title_nl_trgm_idx" ON "blog_posts" USING gin (lower("title" ->> 'nl') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "blog_posts_title_es_trgm_idx" ON "blog_posts" USING gin (lower("title" ->> 'es') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tags_label_trgm_idx" ON "tags" USING gin (lower("label") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tv_episodes_title_trgm_idx" ON "tv_episodes" USING gin (lower("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "videos_likes_idx" ON "videos" USING btree ("likes" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "videos_price_idx" ON "videos" USING btree ("price_cents","id");--> statement-breakpoint
CREATE INDEX "videos_duration_idx" ON "videos" USING btree ("duration_s","id");--> statement-breakpoint
CREATE INDEX "videos_free_released_idx" ON "videos" USING btree ("released_at" DESC NULLS FIRST,"id") WHERE "videos"."free";--> statement-breakpoint
CREATE INDEX "videos_discounted_released_idx" ON "videos" USING btree ("released_at" DESC NULLS FIRST,"id") WHERE "videos"."price_cents" < "videos"."base_price_cents";--> statement-breakpoint
CREATE INDEX "videos_vip_released_idx" ON "videos" USING btree ("released_at" DESC NULLS FIRST,"id") WHERE "videos"."vip";--> statement-breakpoint
CREATE INDEX "videos_vip30_likes_idx" ON "videos" USING btree ("likes" DESC NULLS FIRST,"id") WHERE "videos"."vip30";--> statement-breakpoint
CREATE INDEX "videos_actor_likes_idx" ON "videos" USING btree ("actor_id","likes" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "videos_title_trgm_idx" ON "videos" USING gin (lower("title") gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "actors" ADD CONSTRAINT "actors_videocall_price_check" CHECK ("actors"."price_videocall_cents" >= 0);--> statement-breakpoint
ALTER TABLE "actors" ADD CONSTRAINT "actors_geo_check" CHECK (("actors"."lat" is null) = ("actors"."lon" is null));--> statement-breakpoint
ALTER TABLE "albums" ADD CONSTRAINT "albums_counts_check" CHECK ("albums"."likes" >= 0 and "albums"."dislikes" >= 0 and "albums"."total_views" >= 0 and "albums"."comment_count" >= 0);--> statement-breakpoint
ALTER TABLE "pictures" ADD CONSTRAINT "pictures_counts_check" CHECK ("pictures"."likes" >= 0 and "pictures"."dislikes" >= 0);