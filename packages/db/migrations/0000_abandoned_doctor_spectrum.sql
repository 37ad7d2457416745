CREATE TABLE "actor_categories" (
	"actor_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "actor_categories_actor_id_category_id_pk" PRIMARY KEY("actor_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "actor_tags" (
	"actor_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "actor_tags_actor_id_tag_id_pk" PRIMARY KEY("actor_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "actors" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_lower" text NOT NULL,
	"gender" text NOT NULL,
	"actor_type" text NOT NULL,
	"birth_date" date NOT NULL,
	"spoken_languages" text[] DEFAULT '{}'::text[] NOT NULL,
	"city" text,
	"height_cm" smallint,
	"zodiac" text,
	"about_me" jsonb NOT NULL,
	"is_online" boolean DEFAULT false NOT NULL,
	"online_since" timestamp with time zone,
	"free_chat" boolean DEFAULT false NOT NULL,
	"is_voyeur_chat_available" boolean DEFAULT false NOT NULL,
	"is_live_preview_enabled" boolean DEFAULT false NOT NULL,
	"banned_country_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"price_video_cents" integer NOT NULL,
	"price_single_cents" integer NOT NULL,
	"price_singlec2c_cents" integer NOT NULL,
	"price_voyeur_cents" integer NOT NULL,
	"price_message_cents" integer NOT NULL,
	"multi_chat_price_cents" integer NOT NULL,
	"voucher_chat_minutes" integer DEFAULT 0 NOT NULL,
	"free_messages" integer DEFAULT 0 NOT NULL,
	"avatar_key" text NOT NULL,
	"ranking_points" integer DEFAULT 0 NOT NULL,
	"registered_at" timestamp with time zone NOT NULL,
	CONSTRAINT "actors_name_unique" UNIQUE("name"),
	CONSTRAINT "actors_name_lower_unique" UNIQUE("name_lower"),
	CONSTRAINT "actors_gender_check" CHECK ("actors"."gender" in ('N', 'M', 'F')),
	CONSTRAINT "actors_actor_type_check" CHECK ("actors"."actor_type" in ('F', 'M', 'FM', 'FF', 'S')),
	CONSTRAINT "actors_prices_check" CHECK ("actors"."price_video_cents" >= 0 and "actors"."price_single_cents" >= 0 and "actors"."price_singlec2c_cents" >= 0 and "actors"."price_voyeur_cents" >= 0 and "actors"."price_message_cents" >= 0 and "actors"."multi_chat_price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "albums" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_id" integer NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"price_cents" integer NOT NULL,
	"total_views" integer DEFAULT 0 NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"dislikes" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"cover_key" text NOT NULL,
	CONSTRAINT "albums_type_check" CHECK ("albums"."type" in ('image', 'video')),
	CONSTRAINT "albums_price_check" CHECK ("albums"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "blog_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"slug" text NOT NULL,
	"title" jsonb NOT NULL,
	"excerpt" jsonb NOT NULL,
	"body" jsonb NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"image_key" text NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	CONSTRAINT "blog_posts_slug_unique" UNIQUE("slug"),
	CONSTRAINT "blog_posts_category_check" CHECK ("blog_posts"."category_id" in (1, 38, 39, 40, 41, 43, 44, 45, 46, 506))
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug_de" text NOT NULL,
	"slug_en" text NOT NULL,
	"slug_es" text NOT NULL,
	"name_de" text NOT NULL,
	"name_en" text NOT NULL,
	"name_nl" text NOT NULL,
	"name_es" text NOT NULL,
	"description_de" text NOT NULL,
	"description_en" text NOT NULL,
	"description_nl" text NOT NULL,
	"description_es" text NOT NULL,
	"image_key" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "categories_slug_de_unique" UNIQUE("slug_de"),
	CONSTRAINT "categories_slug_en_unique" UNIQUE("slug_en"),
	CONSTRAINT "categories_slug_es_unique" UNIQUE("slug_es")
);
--> statement-breakpoint
CREATE TABLE "contests" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"image_key" text NOT NULL,
	CONSTRAINT "contests_dates_check" CHECK ("contests"."ends_at" > "contests"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "legal_texts" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"product" text NOT NULL,
	"version" text NOT NULL,
	"language" text NOT NULL,
	"html" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	CONSTRAINT "legal_texts_type_product_language_version_uq" UNIQUE("type","product","language","version"),
	CONSTRAINT "legal_texts_type_check" CHECK ("legal_texts"."type" in ('PP', 'GTC', 'IMP')),
	CONSTRAINT "legal_texts_language_check" CHECK ("legal_texts"."language" in ('de', 'en', 'nl', 'es'))
);
--> statement-breakpoint
CREATE TABLE "media_images" (
	"key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"age_rating" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pictures" (
	"id" serial PRIMARY KEY NOT NULL,
	"album_id" integer NOT NULL,
	"image_key" text NOT NULL,
	"age_rating" smallint NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "pictures_age_rating_check" CHECK ("pictures"."age_rating" in (16, 18))
);
--> statement-breakpoint
CREATE TABLE "seo_texts" (
	"id" serial PRIMARY KEY NOT NULL,
	"page_key" text NOT NULL,
	"language" text NOT NULL,
	"h1" text NOT NULL,
	"h2" text NOT NULL,
	"seo_title" text NOT NULL,
	"seo_description" text NOT NULL,
	"free_text" text NOT NULL,
	"breadcrumb" text NOT NULL,
	"slug" text NOT NULL,
	CONSTRAINT "seo_texts_page_language_uq" UNIQUE("page_key","language"),
	CONSTRAINT "seo_texts_language_check" CHECK ("seo_texts"."language" in ('de', 'en', 'nl', 'es'))
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	CONSTRAINT "tags_label_unique" UNIQUE("label")
);
--> statement-breakpoint
CREATE TABLE "tracking_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"session_key" text,
	"event_context" text NOT NULL,
	"event_action" text NOT NULL,
	"event_data" jsonb
);
--> statement-breakpoint
CREATE TABLE "tv_episodes" (
	"id" serial PRIMARY KEY NOT NULL,
	"series_id" integer NOT NULL,
	"title" text NOT NULL,
	"duration_s" integer NOT NULL,
	"aired_at" timestamp with time zone NOT NULL,
	"image_key" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tv_series" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"image_key" text NOT NULL,
	CONSTRAINT "tv_series_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "video_sales_daily" (
	"video_id" integer NOT NULL,
	"day" date NOT NULL,
	"sales" integer NOT NULL,
	CONSTRAINT "video_sales_daily_video_id_day_pk" PRIMARY KEY("video_id","day"),
	CONSTRAINT "video_sales_daily_sales_check" CHECK ("video_sales_daily"."sales" > 0)
);
--> statement-breakpoint
CREATE TABLE "video_tags" (
	"video_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "video_tags_video_id_tag_id_pk" PRIMARY KEY("video_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_id" integer NOT NULL,
	"title" text NOT NULL,
	"duration_s" integer NOT NULL,
	"age_rating" smallint NOT NULL,
	"vip" boolean DEFAULT false NOT NULL,
	"free" boolean DEFAULT false NOT NULL,
	"is_new" boolean DEFAULT false NOT NULL,
	"classic" boolean DEFAULT false NOT NULL,
	"price_cents" integer NOT NULL,
	"base_price_cents" integer NOT NULL,
	"released_at" timestamp with time zone NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"sales_count" integer DEFAULT 0 NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"preview_key" text NOT NULL,
	CONSTRAINT "videos_age_rating_check" CHECK ("videos"."age_rating" in (16, 18)),
	CONSTRAINT "videos_duration_check" CHECK ("videos"."duration_s" > 0),
	CONSTRAINT "videos_price_check" CHECK ("videos"."price_cents" >= 0 and "videos"."base_price_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "actor_categories" ADD CONSTRAINT "actor_categories_actor_id_actors_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "actor_categories" ADD CONSTRAINT "actor_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "actor_tags" ADD CONSTRAINT "actor_tags_actor_id_actors_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "actor_tags" ADD CONSTRAINT "actor_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "albums" ADD CONSTRAINT "albums_actor_id_actors_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pictures" ADD CONSTRAINT "pictures_album_id_albums_id_fk" FOREIGN KEY ("album_id") REFERENCES "public"."albums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tv_episodes" ADD CONSTRAINT "tv_episodes_series_id_tv_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."tv_series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_sales_daily" ADD CONSTRAINT "video_sales_daily_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_tags" ADD CONSTRAINT "video_tags_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_tags" ADD CONSTRAINT "video_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_actor_id_actors_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "actor_categories_category_idx" ON "actor_categories" USING btree ("category_id","actor_id");--> statement-breakpoint
CREATE INDEX "actor_tags_tag_idx" ON "actor_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "actors_online_ranking_idx" ON "actors" USING btree ("is_online" DESC NULLS FIRST,"ranking_points" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "actors_gender_registered_idx" ON "actors" USING btree ("gender","registered_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "actors_registered_idx" ON "actors" USING btree ("registered_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "albums_actor_created_idx" ON "albums" USING btree ("actor_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "blog_posts_published_idx" ON "blog_posts" USING btree ("published_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "blog_posts_category_published_idx" ON "blog_posts" USING btree ("category_id","published_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "categories_sort_idx" ON "categories" USING btree ("sort");--> statement-breakpoint
CREATE INDEX "contests_starts_idx" ON "contests" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "contests_ends_idx" ON "contests" USING btree ("ends_at");--> statement-breakpoint
CREATE INDEX "legal_texts_lookup_idx" ON "legal_texts" USING btree ("type","product","language","published_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "pictures_album_position_idx" ON "pictures" USING btree ("album_id","position");--> statement-breakpoint
CREATE INDEX "tracking_events_created_idx" ON "tracking_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "tv_episodes_series_aired_idx" ON "tv_episodes" USING btree ("series_id","aired_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "video_sales_daily_day_idx" ON "video_sales_daily" USING btree ("day","video_id");--> statement-breakpoint
CREATE INDEX "video_tags_tag_idx" ON "video_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "videos_released_idx" ON "videos" USING btree ("released_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "videos_sales_idx" ON "videos" USING btree ("sales_count" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "videos_actor_released_idx" ON "videos" USING btree ("actor_id","released_at" DESC NULLS FIRST);